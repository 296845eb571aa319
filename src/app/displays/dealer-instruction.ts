// What the dealer does next, in a word and a sentence: load a new shoe, burn N more, the card for
// seat 3 hand 2, the dealer draws, wait for seat N's decision, betting is open — or stop, the table is
// halted (the log cannot be written: nothing the dealer does is recorded). Derived from the live
// table state (the same questions the shoe's draw gate and the decision timer ask); pure. The sentence
// is the catalogue's English (src/messages), the words the pages show for the same kind.
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableState } from '../../round/table-state.js';
import { phaseOf } from '../../round/describe-phase.js';
import { formatMessage, type MessageValues } from '../../messages/format-message.js';
import { awaitedDecision } from '../../round/awaited-decision.js';
import { cardDue } from '../table/card-due.js';
import { shoeRunOut } from '../../round/operations/shoe-out.js';
import type { AppendFault } from '../table/append-fault.js';

export type DealerInstruction =
  | { readonly kind: 'loadShoe'; readonly text: string }
  | { readonly kind: 'burn'; readonly remaining: number | null; readonly text: string }
  | { readonly kind: 'bettingOpen'; readonly mainBets: number; readonly text: string }
  | { readonly kind: 'cardToSeat'; readonly seat: number; readonly hand: number; readonly text: string }
  | { readonly kind: 'cardToDealer'; readonly hole: boolean; readonly text: string }
  | { readonly kind: 'awaitDecision'; readonly seat: number; readonly hand: number; readonly offer: boolean; readonly text: string }
  | { readonly kind: 'collect'; readonly round: number; readonly text: string }
  | { readonly kind: 'paused'; readonly text: string }
  // The procedures (docs/procedures.md): a burn called for the next card; the shoe out with a card due.
  | { readonly kind: 'burnCalled'; readonly cause: string; readonly text: string }
  | { readonly kind: 'shoeOut'; readonly text: string }
  | { readonly kind: 'halted'; readonly text: string }
  | { readonly kind: 'wait'; readonly text: string };

/** The live table as the service holds it (TableService satisfies this). */
export interface LiveTable {
  readonly table: TableState;
  readonly phase: string;
  readonly rules: RuleSet;
  /** The append fault halting the table (src/app/table/append-fault.ts), when it is halted. */
  readonly halted?: AppendFault | null;
}

/** English words from the catalogue (src/messages): the pages put the same instruction in the same words. */
const say = (key: string, values: MessageValues = {}): string => formatMessage('en', key, values);

/** A seat's card or decision in words as the pages say it: hands count from 1, a seat's only hand is not numbered. */
function seatAndHand(table: TableState, seat: number, hand: number, plain: string, numbered: string): string {
  const hands = table.boxes.find((b) => b.seat === seat)?.hands.length ?? 0;
  return hands > 1 || hand > 0 ? say(numbered, { seat, hand: hand + 1 }) : say(plain, { seat });
}

export function dealerInstruction({ table, phase, rules, halted }: LiveTable): DealerInstruction {
  if (halted) return { kind: 'halted', text: say('instr.halted') };
  if (phase === 'paused' && table.shoeFaults.includes('linkDown')) return { kind: 'paused', text: say('instr.linkDownPaused') };
  // Paused because the shoe ran out (src/app/table/shoe-out-pause.ts): what the dealer does next is load the discards.
  if (phase === 'paused' && table.shoeFaults.length === 0 && !table.faultCard && shoeRunOut(table, rules)) return { kind: 'shoeOut', text: say('instr.shoeOut') };
  if (phase === 'paused') return { kind: 'paused', text: say('instr.paused') };
  if (phase === 'active.awaitingShoe') return { kind: 'loadShoe', text: say('instr.loadShoe') };
  // The results moment (docs/live-table.md): the dealer collects and pays while the results show.
  if (phase === 'active.results') return { kind: 'collect', round: table.round, text: say('instr.collect', { round: table.round }) };
  if (phase === 'active.betting') {
    const mainBets = table.bets.filter((b) => b.kind === 'main').length;
    return { kind: 'bettingOpen', mainBets, text: mainBets > 0 ? say('instr.bettingOpen', { count: mainBets }) : say('instr.bettingEmpty') };
  }
  const due = cardDue(table, phase, rules);
  if (due && shoeRunOut(table, rules)) return { kind: 'shoeOut', text: say('instr.shoeOut') };
  if (due && table.burnCalled !== undefined) {
    return { kind: 'burnCalled', cause: table.burnCalled, text: say('instr.burnCalled', { cause: formatMessage('en', `burnCause.${table.burnCalled}`) }) };
  }
  if (due?.to === 'burn') {
    const text = due.remaining === null ? say('instr.burnFirst') : say('instr.burn', { count: due.remaining });
    return { kind: 'burn', remaining: due.remaining, text };
  }
  if (due?.to === 'seat') return { kind: 'cardToSeat', seat: due.seat, hand: due.hand, text: seatAndHand(table, due.seat, due.hand, 'instr.cardToSeat', 'instr.cardToSeatHand') };
  if (due?.to === 'dealer') {
    const text = due.hole ? say('instr.dealerHole') : phase === 'active.dealing' ? say('instr.dealerUp') : say('instr.dealerDraws');
    return { kind: 'cardToDealer', hole: due.hole, text };
  }
  const awaited = awaitedDecision(table, phase);
  if (awaited?.kind === 'offer') return { kind: 'awaitDecision', seat: awaited.seat, hand: 0, offer: true, text: say('instr.awaitOffer', { seat: awaited.seat }) };
  if (awaited) return { kind: 'awaitDecision', seat: awaited.seat, hand: awaited.hand, offer: false, text: seatAndHand(table, awaited.seat, awaited.hand, 'instr.awaitSeat', 'instr.awaitSeatHand') };
  const where = phaseOf(table);
  return { kind: 'wait', text: say(`now.${where.phase}`, where.phase === 'round' || where.phase === 'results' ? { round: where.round } : {}) };
}
