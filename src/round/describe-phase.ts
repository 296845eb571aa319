// A readable name for where the table is, used in the reasons of refused inputs.
import type { TableState } from './table-state.js';
import { burnComplete } from './operations/shoe.js';

export function describePhase(s: TableState): string {
  if (!s.shoe) return 'waiting for a shoe to be loaded';
  if (!burnComplete(s)) return 'burning cards';
  if (s.boxes.length === 0) return s.shoe.cutCardSeen && s.bets.length === 0 ? 'waiting for a new shoe' : 'betting is open';
  return `round ${s.round} is being played`;
}
