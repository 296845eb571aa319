// The dealer's next step in the page's words, from the instruction's kind and fields (the view's
// English `text` is the fallback for a kind new to the pages). Hands count from 1 in words, and a
// seat's only hand is not numbered at all.
import type { DealerView } from '../../../app/displays/dealer-projection.js';
import { t } from './i18n.js';
import { phaseWords } from './words.js';

/** What the instruction is read with: the dealer's or the supervisor's view. */
type InstructedView = Pick<DealerView, 'instruction' | 'table' | 'phase' | 'faults'>;

function handsOf(view: InstructedView, seat: number): number {
  return view.table.seats.find((s) => s.seat === seat)?.hands.length ?? 0;
}

function seatAndHand(view: InstructedView, seat: number, hand: number, plain: string, numbered: string): string {
  return handsOf(view, seat) > 1 || hand > 0 ? t(numbered, { seat, hand: hand + 1 }) : t(plain, { seat });
}

export function instructionText(view: InstructedView): string {
  const i = view.instruction;
  switch (i.kind) {
    case 'loadShoe': return t('instr.loadShoe');
    case 'collect': return t('instr.collect', { round: i.round });
    case 'burn': return i.remaining === null ? t('instr.burnFirst') : t('instr.burn', { count: i.remaining });
    case 'bettingOpen': return i.mainBets > 0 ? t('instr.bettingOpen', { count: i.mainBets }) : t('instr.bettingEmpty');
    case 'cardToSeat': return seatAndHand(view, i.seat, i.hand, 'instr.cardToSeat', 'instr.cardToSeatHand');
    case 'cardToDealer': return i.hole ? t('instr.dealerHole') : view.phase === 'active.dealing' ? t('instr.dealerUp') : t('instr.dealerDraws');
    case 'awaitDecision':
      return i.offer ? t('instr.awaitOffer', { seat: i.seat }) : seatAndHand(view, i.seat, i.hand, 'instr.awaitSeat', 'instr.awaitSeatHand');
    // Each open fault is named once, beside what to do about it (the pages' fault blocks): the
    // instruction only says to stop.
    case 'paused': return view.faults.length > 0 ? t('instr.stopDealing') : t('instr.paused');
    // The log cannot be written: the halt's block says why and what to do.
    case 'halted': return t('instr.halted');
    case 'wait': return phaseWords(view.phase);
    case 'burnCalled': return t('instr.burnCalled', { cause: t(`burnCause.${i.cause}`) });
    case 'shoeOut': return t('instr.shoeOut');
    // A kind the server has and these words do not yet: the server's English text.
    default: return (i as { readonly text: string }).text;
  }
}
