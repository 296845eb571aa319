// The supervisor's log and recall lines as sentences ("Seat 2 (boris): Double, hand 1", "Card 7♥ to
// seat 3, hand 1"); the raw record stays one click away. Hands count from 1 in words.
import { t, tOr } from './i18n.js';
import { money } from './money.js';
import { actionLabel, betKindLabel, faultName } from './words.js';
import { reasonWords } from './reason-words.js';

const SUITS: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** An input as the log records it (src/round/inputs.ts): the fields these words read. */
interface InputFields {
  readonly type?: string;
  readonly card?: string;
  readonly seat?: number;
  readonly kind?: string;
  readonly amount?: number;
  readonly action?: string;
}

/**
 * A fact (src/round/events.ts) or a note record's data as the log holds it: the fields these words read,
 * every other field put into the message by its name.
 */
interface FactFields {
  readonly [field: string]: unknown;
  readonly hand?: number;
  readonly card?: string;
  readonly bet?: string;
  readonly amount?: number;
  readonly hole?: boolean;
  readonly byTimeout?: boolean;
  readonly action?: string;
  readonly follow?: string;
  readonly stake?: number;
  readonly outcome?: string;
  readonly net?: number;
  readonly voided?: boolean;
  readonly reason?: string;
  /** The reason's code and values (input.rejected, table.paused, round.voided): the words come from these. */
  readonly code?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** table.paused: the fault that paused the table; fault.cleared: the fault's kind. */
  readonly fault?: { readonly kind: string } | string;
  readonly input?: InputFields;
  readonly by?: string;
  readonly source?: string;
  readonly state?: string;
  /** command.refused: refusals a summary counts. */
  readonly count?: number;
  /** card.corrected: the card as it was read; card.burned, burn.called: why. */
  readonly read?: string;
  readonly cause?: string;
  readonly seat?: number;
}

/** A removed shoe's stub as counted (docs/procedures.md, "Missing cards"): the count and the cards missing, or over. */
export function stubWords(stub: number, missing: number): string {
  if (missing === 0) return t('shoes.stubNone', { stub });
  return missing > 0 ? t('shoes.stubMissing', { stub, missing }) : t('shoes.stubOver', { stub, over: -missing });
}

export function cardWords(card: unknown): string {
  if (typeof card !== 'string' || card.length < 2) return '?';
  const [first = '', suit = ''] = card;
  const rank = first === 'T' ? '10' : first;
  return `${rank}${SUITS[suit] ?? suit}`;
}

/** What an input asked for, in a few words: the card read, the bet, the decision. */
function inputWords(input: InputFields): string {
  switch (input.type) {
    case 'card': return t('log.inputCard', { card: cardWords(input.card) });
    case 'bet': return t('log.inputBet', { seat: input.seat, kind: betKindLabel(input.kind ?? 'main'), amount: money(input.amount ?? 0) });
    case 'decision': return t('log.inputDecision', { seat: input.seat, action: actionLabel(String(input.action)) });
    default: return tOr(`log.input.${input.type}`, String(input.type ?? '?'));
  }
}

/** A fact (or a note record: type and data) in words. */
export function factWords(type: string, data: object | null | undefined): string {
  // The log's records are the server's own JSON (the views and the recall carry them as they are).
  const d = (data ?? {}) as FactFields;
  const hand = typeof d.hand === 'number' ? d.hand + 1 : '';
  const common = { ...d, hand, card: cardWords(d.card) };
  switch (type) {
    case 'bet.placed':
    case 'bet.cancelled':
      return t(`log.${type}`, { ...common, kind: betKindLabel(String(d.bet)), amount: money(d.amount ?? 0) });
    case 'dealer.card':
      return d.hole ? t('log.dealer.hole') : t('log.dealer.card', common);
    // The procedures (docs/procedures.md): a card burned for a cause, corrected, moved, a burn called.
    case 'card.burned':
      return typeof d.cause === 'string' ? t('log.card.burnedFor', { ...common, cause: tOr(`burnCause.${d.cause}`, d.cause) }) : t('log.card.burned', common);
    case 'card.corrected':
      return t(typeof d.seat === 'number' ? 'log.card.corrected' : 'log.card.correctedDealer', { ...common, read: cardWords(d.read) });
    case 'card.moved':
      return t(typeof d.seat === 'number' ? 'log.card.moved' : 'log.card.movedDealer', common);
    case 'burn.called':
      return t('log.burn.called', { cause: tOr(`burnCause.${String(d.cause)}`, String(d.cause)) });
    case 'shoe.stubCounted':
      return t('log.shoe.stubCounted', { shoe: String(d['shoe']), counted: stubWords(Number(d['stub']), Number(d['missing'])) });
    case 'insurance.taken':
      return t('log.insurance.taken', { ...common, amount: money(d.amount ?? 0) });
    case 'decision.accepted':
      return t(d.byTimeout ? 'log.decision.timeout' : 'log.decision.accepted', { ...common, action: actionLabel(String(d.action)) });
    case 'follow.chosen':
      return t('log.follow.chosen', { ...common, action: actionLabel(String(d.follow)) });
    case 'hand.doubled':
      return t('log.hand.doubled', { ...common, amount: money(d.stake ?? 0) });
    case 'bet.settled':
      return t('log.bet.settled', { ...common, outcome: tOr(`outcome.${d.outcome}`, String(d.outcome)), amount: money(d.net ?? 0) });
    case 'round.ended':
      return t(d.voided ? 'log.round.voidedEnd' : 'log.round.ended', common);
    case 'round.voided':
      return t('log.round.voided', { ...common, reason: d.reason ? reasonWords(d) : '—' });
    case 'table.paused':
      return t('log.table.paused', { reason: d.fault && typeof d.fault === 'object' ? faultName(d.fault.kind) : reasonWords(d) });
    case 'fault.cleared':
      return t('log.fault.cleared', { fault: faultName(String(d.fault)) });
    case 'input.rejected':
      return t(`log.${type}`, { reason: reasonWords(d) });
    case 'command.refused':
      // A window's summary carries `count` (src/adapters/web/refusal-summary.ts; older logs: per address).
      return t(typeof d.count === 'number' ? 'log.command.refusedCounted' : 'log.command.refused', { reason: reasonWords(d) });
    case 'input':
      return t('log.input', { kind: inputWords(d.input ?? {}), by: d.by ?? tOr(`source.${d.source}`, String(d.source ?? '')) });
    case 'link.state':
      return t('log.link.state', { state: tOr(`link.${d.state}`, String(d.state)) });
    default:
      return tOr(`log.${type}`, t('log.other', { type }), common);
  }
}
