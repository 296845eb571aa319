// The table as every display draws it: the dealer's hand, the countdown, and the seats with their
// bets, hands, totals and results.
import { cardFace } from './cards.js';
import { h } from './dom.js';
import { money, resultLabel } from './money.js';

const STAGE_TEXT = {
  noShoe: 'Waiting for a new shoe',
  newShoe: 'New shoe',
  betting: 'Place your bets',
  dealing: 'No more bets',
  offers: 'Insurance?',
  playing: 'Players’ turn',
  dealer: 'Dealer’s turn',
  roundOver: 'Round over',
};

export function stageText(table) {
  if (table.paused) return 'Game paused';
  if (table.stage === 'playing' && table.awaiting) return `Seat ${table.awaiting.seat} to play`;
  return STAGE_TEXT[table.stage] ?? table.stage;
}

function totalText(total, soft) {
  if (total === null) return '';
  return soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

const STATUS_TEXT = { busted: 'BUST', natural: 'BLACKJACK', surrendered: 'SURRENDER', evenMoney: 'EVEN MONEY', standing: '', open: '' };

function resultBadge(result) {
  const tone = result.outcome === 'void' || result.outcome === 'push' ? 'even' : result.net > 0 ? 'won' : result.net < 0 ? 'lost' : 'even';
  const who = result.bet === 'main' ? '' : `${result.bet} `;
  return h('div', { class: `result ${tone}`, 'data-outcome': result.outcome }, `${who}${resultLabel(result)}`);
}

function handBlock(seat, hand, table) {
  const inTurn = table.turn && table.turn.seat === seat.seat && table.turn.hand === hand.hand;
  const status = STATUS_TEXT[hand.status] ?? hand.status;
  return h(
    'div',
    { class: `hand${inTurn ? ' in-turn' : ''}`, 'data-hand': hand.hand },
    h('div', { class: 'cards' }, hand.cards.map((card) => cardFace(card))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': hand.total ?? '' }, totalText(hand.total, hand.soft)),
      status ? h('span', { class: `status ${hand.status}` }, status) : null,
      hand.stake ? h('span', { class: 'stake' }, money(hand.stake)) : null),
    hand.results.map(resultBadge),
  );
}

function betLine(bet) {
  const kind = bet.kind === 'main' ? '' : ` ${bet.kind}`;
  return h('div', { class: `bet ${bet.kind}` }, h('span', { class: 'player' }, bet.player), ` ${money(bet.amount)}${kind}`);
}

function seatBlock(seat, table) {
  const active = table.awaiting && table.awaiting.seat === seat.seat;
  const empty = seat.bets.length === 0 && seat.hands.length === 0 && seat.results.length === 0;
  return h(
    'section',
    { class: `seat${active ? ' active' : ''}${empty ? ' empty' : ''}`, 'data-seat': seat.seat },
    h('header', {}, h('span', { class: 'seat-number' }, `Seat ${seat.seat}`), seat.owner ? h('span', { class: 'owner' }, seat.owner) : null),
    h('div', { class: 'hands' }, seat.hands.map((hand) => handBlock(seat, hand, table))),
    seat.results.map(resultBadge),
    h('div', { class: 'bets' }, seat.bets.map(betLine)),
  );
}

function dealerBlock(table) {
  const { dealer } = table;
  return h(
    'section',
    { class: 'dealer', 'data-dealer': '' },
    h('div', { class: 'dealer-title' }, 'Dealer'),
    h('div', { class: 'cards' }, dealer.cards.map((card, i) => cardFace(card, { hole: i === dealer.holeIndex }))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': dealer.total ?? '' }, totalText(dealer.total, dealer.soft)),
      dealer.blackjack ? h('span', { class: 'status natural' }, 'BLACKJACK') : null,
      dealer.finished && dealer.total > 21 ? h('span', { class: 'status busted' }, 'BUST') : null),
  );
}

export function countdownBar() {
  return h('div', { class: 'countdown idle' }, h('div', { class: 'countdown-fill' }), h('span', { class: 'countdown-seconds' }));
}

export function tableBlock(table) {
  return h(
    'div',
    { class: 'table' },
    dealerBlock(table),
    table.voided ? h('div', { class: 'banner voided' }, `Round ${table.handsRound} voided — all bets refunded`) : null,
    table.handsRound !== null && table.handsRound !== table.round && !table.voided
      ? h('div', { class: 'previous-round' }, `Last round (${table.handsRound})`)
      : null,
    table.bettingCountdown ? h('div', { class: 'betting-countdown', 'data-betting-deadline': table.bettingCountdown.deadline }, 'Bets close when the bar runs out') : null,
    countdownBar(),
    h('div', { class: 'seats' }, table.seats.map((seat) => seatBlock(seat, table))),
  );
}

export function headerBlock(meta, table, connection) {
  return h(
    'header',
    { class: 'top' },
    h('div', { class: 'game' }, meta.game, h('span', { class: 'limits' }, ` · ${money(meta.limits.min)}–${money(meta.limits.max)}`)),
    h('div', { class: `stage${table.paused ? ' paused' : ''}`, 'data-stage': table.stage }, stageText(table)),
    h('div', { class: 'round' }, table.round ? `Round ${table.round}` : '', h('span', { class: `connection ${connection}` }, connection)),
  );
}
