// The table's story in words, one line per fact, for people reading a replay (`--format text`). The
// words are the pages' (src/messages): hands count from 1, money in major units as the pages show it, and
// every reason rendered from its code in the English catalogue.
import type { ReceiptAnomaly, StoredReason, TableEvent } from '../round/events.js';
import { formatMessage, formatMoney } from '../messages/format-message.js';
import { renderStoredReason } from '../messages/render-reason.js';

const plain = (minor: number): string => `${minor < 0 ? '-' : ''}${formatMoney('en', minor)}`;
const money = (minor: number): string => `${minor > 0 ? '+' : ''}${plain(minor)}`;
/** A hand in words: the round machine counts from 0, people from 1. */
const hand = (index: number): number => index + 1;
const why = (stored: StoredReason): string => renderStoredReason('en', stored);
/** Why a card was burned, in the pages' words. */
const cause = (c: string): string => formatMessage('en', `burnCause.${c}`);

export function describeEvent(e: TableEvent): string | null {
  switch (e.type) {
    case 'shoe.loaded': return `Shoe ${e.shoe} loaded.`;
    case 'card.burned': if (e.cause !== undefined) return `  Card ${e.card} burned: ${cause(e.cause)}; ${e.cause === 'dealerStood' ? 'the dealer\'s hand stands' : 'the next card takes its place'}.`;
      return e.shown ? `Burn: ${e.card} shown, ${e.remaining} more to burn.` : `Burn: ${e.card}${e.remaining > 0 ? ` (${e.remaining} more)` : ''}.`;
    case 'cut-card.seen': return `Cut card out: this is the shoe's last round.`;
    case 'shoe.finished': return `Shoe ${e.shoe} finished: waiting for a new shoe.`;
    case 'betting.opened': return `\n== Round ${e.round}: betting open ==`;
    case 'bet.placed': return `  ${e.player} bets ${plain(e.amount)} (${e.bet}) on seat ${e.seat}.`;
    case 'bet.cancelled': return `  ${e.player} takes back ${plain(e.amount)} (${e.bet}) from seat ${e.seat}.`;
    case 'betting.closed': return `Betting closed${e.byTimeout ? ' (countdown ended)' : ''}; seats in play: ${e.seats.join(', ')}.`;
    case 'card.dealt': return `  Seat ${e.seat} hand ${hand(e.hand)} gets ${e.card} (${e.total}).`;
    case 'dealer.card': return e.hole ? '  Dealer takes the hole card.' : `  Dealer gets ${e.card}.`;
    case 'offers.opened': return `Insurance offered to seats [${e.insurance.join(', ')}]; even money to [${e.evenMoney.join(', ')}].`;
    case 'insurance.taken': return `  ${e.player} insures seat ${e.seat} for ${plain(e.amount)}.`;
    case 'insurance.declined': return `  Seat ${e.seat} declines insurance${e.byTimeout ? ' (timer)' : ''}.`;
    case 'evenMoney.taken': return `  Seat ${e.seat} takes even money.`;
    case 'dealer.peeked': return e.blackjack ? 'Dealer checks: blackjack!' : 'Dealer checks: no blackjack.';
    case 'turn.started': return `Seat ${e.seat} hand ${hand(e.hand)} to act.`;
    case 'decision.accepted': return `  Seat ${e.seat} hand ${hand(e.hand)}: ${e.action}${e.byTimeout ? ' (timer ran out)' : ''}${e.amount !== undefined ? ` ${plain(e.amount)}` : ''}.`;
    case 'follow.chosen': return `  ${e.player} will follow the ${e.follow} on seat ${e.seat}.`;
    case 'hands.switched': return `  Seat ${e.seat} switches the second cards.`;
    case 'hand.split': return `  Seat ${e.seat} splits hand ${hand(e.hand)}; new hand ${hand(e.newHand)}.`;
    case 'hand.doubled': return `  Seat ${e.seat} hand ${hand(e.hand)} doubles to ${plain(e.stake)}.`;
    case 'hand.finished': return `  Seat ${e.seat} hand ${hand(e.hand)}: ${e.status} on ${e.total}.`;
    case 'dealer.revealed': return `Dealer reveals ${e.card} (${e.total}).`;
    case 'dealer.finished': return `Dealer ${e.blackjack ? 'has blackjack' : e.total > 21 ? `busts with ${e.total}` : e.total < 17 ? `stops on ${e.total}: no hand left to beat` : `stands on ${e.total}`} [${e.cards.join(' ')}].`;
    case 'bet.settled': return `  Seat ${e.seat} hand ${hand(e.hand)} ${e.bet} (${e.player}, stake ${plain(e.stake)}): ${e.outcome} ${money(e.net)}.`;
    case 'round.ended': return `Round ${e.round} ${e.voided ? 'voided' : 'over'}.`;
    case 'results.configured': return e.seconds > 0 ? `Results show for ${e.seconds} s after each round.` : 'Betting opens as soon as a round settles.';
    case 'results.shown': return `Results of round ${e.round} showing (${e.seconds} s).`;
    case 'results.cleared': return `Results of round ${e.round} cleared.`;
    case 'dealer.changed': return `Dealer on duty: ${e.dealer}.`;
    case 'table.paused': return `TABLE PAUSED: ${why(e)}${e.by ? ` (by ${e.by})` : ''}.`;
    case 'table.recovered': return `Controller restarted: table rebuilt from its log${e.interrupted ? '; the interrupted round waits, paused' : ''}.`;
    case 'fault.cleared': return `Shoe fault cleared: ${e.fault}.`;
    case 'table.resumed': return `Table resumed${e.by ? ` by ${e.by}` : ''}.`;
    case 'card.setAside': return `  Card ${e.card} set aside.`;
    case 'round.voided': return `Round ${e.round} voided${e.by ? ` by ${e.by}` : ''}${e.reason ? `: ${why({ ...e, reason: e.reason })}` : ''}.`;
    case 'input.rejected': return `  Refused (line ${e.line ?? '?'} ${e.input.type}): ${why(e)}.`;
    case 'card.entered': return `  Card ${e.card} entered by hand${e.by ? ` by ${e.by}` : ''} (the shoe could not read it).`;
    case 'card.corrected': return `  ${e.seat !== undefined ? `Seat ${e.seat} hand ${hand(e.hand ?? 0)}` : 'Dealer'}: card read as ${e.read} is ${e.card} (${e.total}).`;
    case 'card.moved': return `  Card ${e.card} moved to ${e.seat !== undefined ? `seat ${e.seat} hand ${hand(e.hand ?? 0)}` : 'the dealer'}, where the table dealt it.`;
    case 'burn.called': return `  Burn called: ${cause(e.cause)}; the next card is burned.`;
    case 'receipts.configured': return e.on ? 'Each shoe is receipted when it is removed.' : 'Shoes are no longer receipted.';
    case 'shoe.receipt': return shoeReceiptText(e);
    case 'shoe.stubCounted': return stubCountText(e);
    case 'shoe.reloaded': return `Shoe ran out: the discards reshuffled as shoe ${e.shoe} (${e.cards} cards; ${e.inPlay} on the table).`;
  }
}

/** The end-of-shoe receipt in words (docs/procedures.md), with what a person must look at. */
function shoeReceiptText(e: Extract<TableEvent, { type: 'shoe.receipt' }>): string {
  const how = { cutCard: 'after its last round (cut card)', shoeChange: 'by a shoe change', replaced: 'when a new shoe was loaded over it', shoeOut: 'when it ran out mid-round' }[e.removal];
  const counts = `${e.loaded} loaded, ${e.drawn} drawn (${e.dealt} dealt, ${e.burned} burned${e.burnedInPlay > 0 ? `, ${e.burnedInPlay} of them in play` : ''}, ${e.setAside} set aside), ${e.left} left in the shoe, ${e.foreign} foreign`;
  const look = e.anomalies.length > 0 ? ` Check: ${e.anomalies.map((a) => RECEIPT_ANOMALY_WORDS[a]).join('; ')}.` : '';
  return `Shoe ${e.shoe} removed ${how}: ${counts}.${look}`;
}

/** A removed shoe's stub counted by hand (docs/procedures.md, "Missing cards"). */
function stubCountText(e: Extract<TableEvent, { type: 'shoe.stubCounted' }>): string {
  const counted = `Stub of shoe ${e.shoe} counted${e.by ? ` by ${e.by}` : ''}: ${e.stub} cards, ${e.left} expected`;
  if (e.missing === 0) return `${counted}: none missing.`;
  return `${counted}: ${stubMismatchWords(e.missing)}.`;
}

/** A stub count that is not what the receipt says, and what to check. */
export function stubMismatchWords(missing: number): string {
  return missing > 0
    ? `${missing} missing — look for them on the floor, the table and the discards`
    : `${-missing} more than the shoe should hold — look for foreign cards in the stub`;
}

/** What each anomaly on a receipt asks a person to check. */
export const RECEIPT_ANOMALY_WORDS: { readonly [A in ReceiptAnomaly]: string } = {
  foreignCards: 'foreign cards were drawn from this shoe — look for more in the stub',
  cardsSetAside: 'cards were set aside — they go to the discards, not back into play',
  burnedInPlay: 'cards were burned in play — check each cause on the log',
  cutCardMissing: 'no cut card was seen — check the shoe was cut',
  shoeRanOut: 'the shoe ran out mid-round — its discards were reloaded',
};
