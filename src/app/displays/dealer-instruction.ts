// What the dealer does next, in a word and a sentence: load a new shoe, burn N more, the card for
// seat 3 hand 2, the dealer draws, wait for seat N's decision, betting is open. Derived from the live
// table state (the same questions the shoe's draw gate and the decision timer ask); pure.
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableState } from '../../round/table-state.js';
import { describePhase } from '../../round/describe-phase.js';
import { awaitedDecision } from '../table/awaited-decision.js';
import { cardDue } from '../table/card-due.js';

export type DealerInstruction =
  | { readonly kind: 'loadShoe'; readonly text: string }
  | { readonly kind: 'burn'; readonly remaining: number | null; readonly text: string }
  | { readonly kind: 'bettingOpen'; readonly mainBets: number; readonly text: string }
  | { readonly kind: 'cardToSeat'; readonly seat: number; readonly hand: number; readonly text: string }
  | { readonly kind: 'cardToDealer'; readonly hole: boolean; readonly text: string }
  | { readonly kind: 'awaitDecision'; readonly seat: number; readonly hand: number; readonly offer: boolean; readonly text: string }
  | { readonly kind: 'paused'; readonly text: string }
  | { readonly kind: 'wait'; readonly text: string };

/** The live table as the service holds it (TableService satisfies this). */
export interface LiveTable {
  readonly table: TableState;
  readonly phase: string;
  readonly rules: RuleSet;
}

/** Hands are numbered as the API, the log and the recall number them: from 0 (the round machine's index). */
export function handLabel(hand: number): string {
  return `hand ${hand}`;
}

export function dealerInstruction({ table, phase, rules }: LiveTable): DealerInstruction {
  if (phase === 'paused' && table.shoeFaults.includes('linkDown')) return { kind: 'paused', text: 'Shoe link down: stop dealing and check the shoe (power, cable); the table resumes by itself when the link is back' };
  if (phase === 'paused') return { kind: 'paused', text: 'Table paused: stop dealing and wait for the supervisor' };
  if (phase === 'active.awaitingShoe') return { kind: 'loadShoe', text: 'Shuffle and load a new shoe' };
  if (phase === 'active.betting') {
    const mainBets = table.bets.filter((b) => b.kind === 'main').length;
    return { kind: 'bettingOpen', mainBets, text: mainBets > 0 ? `Betting is open (${mainBets} main bet${mainBets === 1 ? '' : 's'})` : 'Betting is open: no bets yet' };
  }
  const due = cardDue(table, phase, rules);
  if (due?.to === 'burn') {
    const text = due.remaining === null ? 'Burn the first card: its value sets how many more' : `Burn ${due.remaining} more card${due.remaining === 1 ? '' : 's'}`;
    return { kind: 'burn', remaining: due.remaining, text };
  }
  if (due?.to === 'seat') return { kind: 'cardToSeat', seat: due.seat, hand: due.hand, text: `Card to seat ${due.seat}, ${handLabel(due.hand)}` };
  if (due?.to === 'dealer') {
    const text = due.hole ? 'Dealer: hole card, face down' : phase === 'active.dealing' ? 'Dealer: up card' : 'Dealer draws a card';
    return { kind: 'cardToDealer', hole: due.hole, text };
  }
  const awaited = awaitedDecision(table, phase);
  if (awaited?.kind === 'offer') return { kind: 'awaitDecision', seat: awaited.seat, hand: 0, offer: true, text: `Waiting for seat ${awaited.seat}: insurance or even money` };
  if (awaited) return { kind: 'awaitDecision', seat: awaited.seat, hand: awaited.hand, offer: false, text: `Waiting for seat ${awaited.seat}, ${handLabel(awaited.hand)} to decide` };
  return { kind: 'wait', text: describePhase(table) };
}
