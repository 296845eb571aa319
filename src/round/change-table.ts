// How an operation changes the table state: a draft in, the next state out, the state before untouched
// (issue 9: no whole-state copy per input; only what an input changes is new).
import type { TableState } from './table-state.js';

export function changeTable(base: TableState, recipe: (draft: TableState) => void): TableState {
  const draft = structuredClone(base);
  recipe(draft);
  return draft;
}
