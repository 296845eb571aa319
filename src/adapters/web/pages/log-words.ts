// The supervisor's log and recall lines as sentences ("Seat 2 (boris): Double, hand 1", "Card 7♥ to
// seat 3, hand 1"); the raw record stays one click away. Hands count from 1 in words.
import { t, tOr } from './i18n.js';
import { money } from './money.js';
import { actionLabel, betKindLabel, faultName } from './words.js';
import { reasonWords } from './reason-words.js';

const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function cardWords(card) {
  if (typeof card !== 'string' || card.length < 2) return '?';
  const rank = card[0] === 'T' ? '10' : card[0];
  return `${rank}${SUITS[card[1]] ?? card[1]}`;
}

/** What an input asked for, in a few words: the card read, the bet, the decision. */
function inputWords(input) {
  switch (input.type) {
    case 'card': return t('log.inputCard', { card: cardWords(input.card) });
    case 'bet': return t('log.inputBet', { seat: input.seat, kind: betKindLabel(input.kind ?? 'main'), amount: money(input.amount ?? 0) });
    case 'decision': return t('log.inputDecision', { seat: input.seat, action: actionLabel(input.action) });
    default: return tOr(`log.input.${input.type}`, String(input.type ?? '?'));
  }
}

/** A fact (or a note record: type and data) in words. */
export function factWords(type, data) {
  const d = data ?? {};
  const hand = typeof d.hand === 'number' ? d.hand + 1 : '';
  const common = { ...d, hand, card: cardWords(d.card) };
  switch (type) {
    case 'bet.placed':
    case 'bet.cancelled':
      return t(`log.${type}`, { ...common, kind: betKindLabel(d.bet), amount: money(d.amount ?? 0) });
    case 'dealer.card':
      return d.hole ? t('log.dealer.hole') : t('log.dealer.card', common);
    case 'insurance.taken':
      return t('log.insurance.taken', { ...common, amount: money(d.amount ?? 0) });
    case 'decision.accepted':
      return t(d.byTimeout ? 'log.decision.timeout' : 'log.decision.accepted', { ...common, action: actionLabel(d.action) });
    case 'follow.chosen':
      return t('log.follow.chosen', { ...common, action: actionLabel(d.follow) });
    case 'hand.doubled':
      return t('log.hand.doubled', { ...common, amount: money(d.stake ?? 0) });
    case 'bet.settled':
      return t('log.bet.settled', { ...common, outcome: tOr(`outcome.${d.outcome}`, d.outcome), amount: money(d.net ?? 0) });
    case 'round.ended':
      return t(d.voided ? 'log.round.voidedEnd' : 'log.round.ended', common);
    case 'round.voided':
      return t('log.round.voided', { ...common, reason: d.reason ? reasonWords(d.reason) : '—' });
    case 'table.paused':
      return t('log.table.paused', { reason: d.fault ? faultName(d.fault.kind) : reasonWords(d.reason ?? '') });
    case 'fault.cleared':
      return t('log.fault.cleared', { fault: faultName(d.fault) });
    case 'input.rejected':
    case 'command.refused':
      return t(`log.${type}`, { reason: reasonWords(d.reason ?? '') });
    case 'input':
      return t('log.input', { kind: inputWords(d.input ?? {}), by: d.by ?? tOr(`source.${d.source}`, String(d.source ?? '')) });
    case 'link.state':
      return t('log.link.state', { state: tOr(`link.${d.state}`, String(d.state)) });
    default:
      return tOr(`log.${type}`, t('log.other', { type }), common);
  }
}
