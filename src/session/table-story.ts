// The table's story in words, one line per fact, for people reading a replay (`--format text`).
import type { TableEvent } from '../round/events.js';

const money = (minor: number): string => {
  const sign = minor < 0 ? '-' : minor > 0 ? '+' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const plain = (minor: number): string => money(minor).replace(/^[+]/, '');

export function describeEvent(e: TableEvent): string | null {
  switch (e.type) {
    case 'shoe.loaded': return `Shoe ${e.shoe} loaded.`;
    case 'card.burned': return e.shown ? `Burn: ${e.card} shown, ${e.remaining} more to burn.` : `Burn: ${e.card}${e.remaining > 0 ? ` (${e.remaining} more)` : ''}.`;
    case 'cut-card.seen': return `Cut card out: this is the shoe's last round.`;
    case 'shoe.finished': return `Shoe ${e.shoe} finished: waiting for a new shoe.`;
    case 'betting.opened': return `\n== Round ${e.round}: betting open ==`;
    case 'bet.placed': return `  ${e.player} bets ${plain(e.amount)} (${e.bet}) on seat ${e.seat}.`;
    case 'bet.cancelled': return `  ${e.player} takes back ${plain(e.amount)} (${e.bet}) from seat ${e.seat}.`;
    case 'betting.closed': return `Betting closed${e.byTimeout ? ' (countdown ended)' : ''}; seats in play: ${e.seats.join(', ')}.`;
    case 'card.dealt': return `  Seat ${e.seat} hand ${e.hand} gets ${e.card} (${e.total}).`;
    case 'dealer.card': return e.hole ? '  Dealer takes the hole card.' : `  Dealer gets ${e.card}.`;
    case 'offers.opened': return `Insurance offered to seats [${e.insurance.join(', ')}]; even money to [${e.evenMoney.join(', ')}].`;
    case 'insurance.taken': return `  ${e.player} insures seat ${e.seat} for ${plain(e.amount)}.`;
    case 'insurance.declined': return `  Seat ${e.seat} declines insurance${e.byTimeout ? ' (timer)' : ''}.`;
    case 'evenMoney.taken': return `  Seat ${e.seat} takes even money.`;
    case 'dealer.peeked': return e.blackjack ? 'Dealer checks: blackjack!' : 'Dealer checks: no blackjack.';
    case 'turn.started': return `Seat ${e.seat} hand ${e.hand} to act.`;
    case 'decision.accepted': return `  Seat ${e.seat} hand ${e.hand}: ${e.action}${e.byTimeout ? ' (timer ran out)' : ''}${e.amount !== undefined ? ` ${plain(e.amount)}` : ''}.`;
    case 'follow.chosen': return `  ${e.player} will follow the ${e.follow} on seat ${e.seat}.`;
    case 'hands.switched': return `  Seat ${e.seat} switches the second cards.`;
    case 'hand.split': return `  Seat ${e.seat} splits hand ${e.hand}; new hand ${e.newHand}.`;
    case 'hand.doubled': return `  Seat ${e.seat} hand ${e.hand} doubles to ${plain(e.stake)}.`;
    case 'hand.finished': return `  Seat ${e.seat} hand ${e.hand}: ${e.status} on ${e.total}.`;
    case 'dealer.revealed': return `Dealer reveals ${e.card} (${e.total}).`;
    case 'dealer.finished': return `Dealer ${e.blackjack ? 'has blackjack' : e.total > 21 ? `busts with ${e.total}` : e.total < 17 ? `stops on ${e.total}: no hand left to beat` : `stands on ${e.total}`} [${e.cards.join(' ')}].`;
    case 'bet.settled': return `  Seat ${e.seat} hand ${e.hand} ${e.bet} (${e.player}, stake ${plain(e.stake)}): ${e.outcome} ${money(e.net)}.`;
    case 'round.ended': return `Round ${e.round} ${e.voided ? 'voided' : 'over'}.`;
    case 'table.paused': return `TABLE PAUSED: ${e.reason}${e.by ? ` (by ${e.by})` : ''}.`;
    case 'table.recovered': return `Controller restarted: table rebuilt from its log${e.interrupted ? '; the interrupted round waits, paused' : ''}.`;
    case 'fault.cleared': return `Shoe fault cleared: ${e.fault}.`;
    case 'table.resumed': return `Table resumed${e.by ? ` by ${e.by}` : ''}.`;
    case 'card.setAside': return `  Card ${e.card} set aside.`;
    case 'round.voided': return `Round ${e.round} voided${e.by ? ` by ${e.by}` : ''}${e.reason ? `: ${e.reason}` : ''}.`;
    case 'input.rejected': return `  Refused (line ${e.line ?? '?'} ${e.input.type}): ${e.reason}.`;
  }
}
