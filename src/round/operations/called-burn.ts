// Burning a card in play (docs/procedures.md, "Exposed card"): a card exposed, found face up in the shoe or
// dropped on the floor is burned and the next card takes its place (South Dakota 20:18:15:28: "a card found
// face up in the shoe shall be discarded"; studio "Card on Floor"); the dealer calls the burn, the card then
// passes the reader and is burned instead of dealt. A card the dealer draws by accident on a standing hand
// (17–21) — after the round settled, so out of turn — is burned and the dealer's hand stands as settled
// (South Dakota 20:18:15:28).
import type { Card } from '../../rules/cards.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import type { InputOf } from '../inputs.js';
import type { Emit, TableState } from '../table-state.js';
import { phaseOf } from '../describe-phase.js';
import { reason, type Reason } from '../reasons.js';
import { BURN_CAUSES, isBurnCause } from '../procedure-names.js';
import { burnComplete, recordDrawn } from './shoe.js';
import { tally } from './shoe-receipt.js';

type Sup = InputOf<'supervisor'>;

function refuseCause(sup: Sup): Reason | null {
  return isBurnCause(sup.cause) ? null : reason('unknownBurnCause', { text: String(sup.cause ?? ''), list: BURN_CAUSES.join(', ') });
}

/** Why the out-of-turn card waiting cannot be burned; null when it can. */
export function refuseFaultCardBurn(s: TableState, sup: Sup): Reason | null {
  if (s.faultCard?.kind !== 'outOfTurn') return reason('noOutOfTurnCard', NO_PARAMS);
  if (sup.cause === 'dealerStood' && s.boxes.length > 0) return reason('dealerStillPlaying', NO_PARAMS);
  return refuseCause(sup);
}

/** Why a burn cannot be called for the next card; null when it can. */
export function refuseBurnCall(s: TableState, sup: Sup): Reason | null {
  const cause = refuseCause(sup);
  if (cause) return cause;
  if (sup.cause === 'dealerStood') return reason('noOutOfTurnCard', NO_PARAMS);
  if (s.burnCalled !== undefined) return reason('burnAlreadyCalled', { cause: s.burnCalled });
  if (!s.shoe || s.boxes.length === 0) return reason('noBurnNow', phaseOf(s));
  return null;
}

/** The waiting out-of-turn card is burned (not set aside); the table resumes. */
export function burnFaultCard(s: TableState, sup: Sup, emit: Emit): void {
  const card = s.faultCard?.card;
  if (!card || !isBurnCause(sup.cause)) return;
  const by = sup.by !== undefined ? { by: sup.by } : {};
  tally(s, 'burnedInPlay');
  emit({ type: 'card.burned', shoe: s.shoe?.number ?? 0, card, shown: true, remaining: 0, round: s.round, cause: sup.cause, ...by });
  s.faultCard = null;
  s.shoeFaults = [];
  emit({ type: 'table.resumed', round: s.round, ...by });
}

export function callBurn(s: TableState, sup: Sup, emit: Emit): void {
  if (!isBurnCause(sup.cause)) return;
  s.burnCalled = sup.cause;
  emit({ type: 'burn.called', round: s.round, cause: sup.cause, ...(sup.by !== undefined ? { by: sup.by } : {}) });
}

/**
 * A new dealer on duty where the rule set burns a card then (Louisiana III-3106 C: "each time a new dealer
 * comes to the table"; Pennsylvania §685a.7(d)): the next card in play is burned. Not while a new shoe is
 * loaded and burned, nor after the shoe's last round (a new shoe's own burn follows), nor twice: a burn
 * already called takes the same card.
 */
export function callDealerChangeBurn(s: TableState, emit: Emit): void {
  const shoe = s.shoe;
  if (!shoe || shoe.finished === true || !burnComplete(s) || s.burnCalled !== undefined) return;
  if (shoe.cutCardSeen && s.boxes.length === 0) return;
  s.burnCalled = 'dealerChange';
  emit({ type: 'burn.called', round: s.round, cause: 'dealerChange' });
}

/** The card after a called burn is burned for its cause; the one after it takes its place. */
export function burnCalledCard(s: TableState, card: Card, emit: Emit): void {
  const cause = s.burnCalled;
  if (cause === undefined) return;
  delete s.burnCalled;
  recordDrawn(s, card);
  tally(s, 'burnedInPlay');
  emit({ type: 'card.burned', shoe: s.shoe?.number ?? 0, card, shown: true, remaining: 0, round: s.round, cause });
}
