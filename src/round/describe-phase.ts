// Where the table is, used in the reasons of refused inputs: as a phase code (./reasons.ts) and, for the
// log and older readers, in the log's English (./reason-sentence.ts).
import type { TableState } from './table-state.js';
import type { PhaseParams } from './reasons.js';
import { phaseSentence } from './reason-sentence.js';
import { burnComplete } from './operations/shoe.js';

export function phaseOf(s: TableState): PhaseParams {
  if (s.showingResults === true) return { phase: 'results', round: s.round };
  if (!s.shoe) return { phase: 'noShoe' };
  if (!burnComplete(s)) return { phase: 'burning' };
  if (s.boxes.length === 0) return { phase: s.shoe.cutCardSeen && s.bets.length === 0 ? 'shoeOver' : 'betting' };
  return { phase: 'round', round: s.round };
}

export function describePhase(s: TableState): string {
  return phaseSentence(phaseOf(s));
}
