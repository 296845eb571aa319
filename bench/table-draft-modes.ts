// The ways of drafting the table state that were measured against the product's copy (StepDrafts in
// src/round/change-table.ts) on the round machine's own workload: `sections` copies per operation only
// the sections it reaches (table-draft.ts); `mutative` uses mutative drafts (structural sharing by proxy),
// one per input; `clone` is structuredClone once per input. bench/engine.ts --drafts MODE runs one of
// them in its TableEngine rows; test/round/change-table.test.ts checks they give the same facts.
import { create } from 'mutative';
import { StepDrafts, type TableDrafts } from '../src/round/change-table.js';
import type { TableState } from '../src/round/table-state.js';
import { TableDraft } from './table-draft.js';

export const TABLE_DRAFT_MODES = ['copy', 'sections', 'mutative', 'clone'] as const;
export type TableDraftMode = (typeof TABLE_DRAFT_MODES)[number];

/** Per operation: only the sections it reaches are copied; guards between operations read plain state. */
class SectionDrafts implements TableDrafts {
  draftOf(base: TableState): TableState {
    return new TableDraft(base);
  }
  done(draft: TableState): TableState {
    return (draft as TableDraft).finish();
  }
  beginStep(): void {}
  endStep(table: TableState): TableState {
    return table;
  }
  abortStep(): void {}
}

/** One draft per input, made by `make`; `finish` turns the step's draft into the next state. */
class OneDraftPerInput implements TableDrafts {
  private draft: TableState | null = null;
  private finishDraft: (() => TableState) | null = null;
  private stepping = false;

  constructor(private readonly make: (base: TableState) => { draft: TableState; finish: (() => TableState) | null }) {}

  draftOf(base: TableState): TableState {
    if (this.stepping && base === this.draft) return base;
    const { draft, finish } = this.make(base);
    this.finishDraft = finish;
    if (this.stepping) this.draft = draft;
    return draft;
  }

  done(draft: TableState): TableState {
    if (this.stepping || !this.finishDraft) return draft;
    const finish = this.finishDraft;
    this.finishDraft = null;
    return finish();
  }

  beginStep(): void {
    this.stepping = true;
    this.draft = null;
    this.finishDraft = null;
  }

  endStep(table: TableState): TableState {
    const done = table === this.draft && this.finishDraft ? this.finishDraft() : table;
    this.abortStep();
    return done;
  }

  abortStep(): void {
    this.stepping = false;
    this.draft = null;
    this.finishDraft = null;
  }
}

/** A fresh set of drafts of the given mode, for one engine. */
export function tableDrafts(mode: TableDraftMode): TableDrafts {
  switch (mode) {
    case 'copy':
      return new StepDrafts();
    case 'sections':
      return new SectionDrafts();
    case 'mutative':
      return new OneDraftPerInput((base) => {
        const [draft, finalize] = create(base);
        return { draft: draft as TableState, finish: finalize as () => TableState };
      });
    case 'clone':
      return new OneDraftPerInput((base) => ({ draft: structuredClone(base), finish: null }));
  }
}
