// The table as every display draws it: the dealer's hand, the countdown, and the seats with their
// bets, hands, totals and results.
import { cardFace } from './cards.js';
import { h } from './dom.js';
import { money, resultLabel } from './money.js';
import { betKindLabel, humanize } from './words.js';

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
  if (table.awaiting?.kind === 'offer') return `Seat ${table.awaiting.seat}: insurance?`;
  if (table.stage === 'playing' && table.awaiting) return `Seat ${table.awaiting.seat} to play`;
  return STAGE_TEXT[table.stage] ?? humanize(table.stage);
}

function totalText(total, soft) {
  if (total === null) return '';
  return soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

const STATUS_TEXT = { busted: 'BUST', natural: 'BLACKJACK', surrendered: 'SURRENDER', evenMoney: 'EVEN MONEY', standing: '', open: '' };

function resultBadge(result, owner) {
  const tone = result.outcome === 'void' || result.outcome === 'push' ? 'even' : result.net > 0 ? 'won' : result.net < 0 ? 'lost' : 'even';
  const what = result.bet === 'main' ? '' : `${betKindLabel(result.bet)} `;
  // A co-player's or a bet-behind player's result is named; the box owner's is the seat's own.
  const who = owner && result.player && result.player !== owner ? h('span', { class: 'player' }, `${result.player} `) : null;
  return h('div', { class: `result ${tone}`, 'data-outcome': result.outcome }, who, `${what}${resultLabel(result)}`);
}

function handBlock(seat, hand, table) {
  const inTurn = table.turn && table.turn.seat === seat.seat && table.turn.hand === hand.hand;
  const status = STATUS_TEXT[hand.status] ?? hand.status;
  // Hands are numbered as the API, the log and the recall number them: from 0. Shown once a box has two.
  const numbered = seat.hands.length > 1;
  return h(
    'div',
    { class: `hand${inTurn ? ' in-turn' : ''}`, 'data-hand': hand.hand },
    numbered ? h('div', { class: 'hand-number' }, `hand ${hand.hand}`) : null,
    h('div', { class: 'cards' }, hand.cards.map((card) => cardFace(card))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': hand.total ?? '' }, totalText(hand.total, hand.soft)),
      status ? h('span', { class: `status ${hand.status}` }, status) : null,
      hand.stake ? h('span', { class: 'stake' }, money(hand.stake)) : null),
    hand.results.map((result) => resultBadge(result, seat.owner)),
  );
}

function betLine(bet) {
  const kind = bet.kind === 'main' ? '' : ` ${betKindLabel(bet.kind)}`;
  return h('div', { class: `bet ${bet.kind}` }, h('span', { class: 'player' }, bet.player), ` ${money(bet.amount)}${kind}`);
}

function seatBlock(seat, table) {
  const active = table.awaiting && table.awaiting.seat === seat.seat;
  const empty = seat.bets.length === 0 && seat.hands.length === 0 && seat.results.length === 0;
  return h(
    'section',
    { class: `seat${active ? ' active' : ''}${empty ? ' empty' : ''}`, 'data-seat': seat.seat },
    h('header', {}, h('span', { class: 'seat-number' }, `Seat ${seat.seat}`), seat.owner ? h('span', { class: 'owner', title: seat.owner }, seat.owner) : null),
    h('div', { class: 'hands' }, seat.hands.map((hand) => handBlock(seat, hand, table))),
    seat.results.map((result) => resultBadge(result, seat.owner)),
    h('div', { class: 'bets' }, seat.bets.map(betLine)),
  );
}

function dealerBlock(table) {
  const { dealer } = table;
  // Only the supervisor's view holds the face-down hole card itself; its total then counts it.
  const holeSeen = dealer.holeIndex !== null && dealer.cards[dealer.holeIndex] !== null && dealer.cards[dealer.holeIndex] !== undefined;
  return h(
    'section',
    { class: 'dealer-hand', 'data-dealer': '' },
    h('div', { class: 'dealer-title' }, 'Dealer'),
    h('div', { class: 'cards' }, dealer.cards.map((card, i) => cardFace(card, { hole: i === dealer.holeIndex }))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': dealer.total ?? '' }, totalText(dealer.total, dealer.soft)),
      holeSeen && dealer.total !== null ? h('span', { class: 'stake hole-note' }, 'with the hole card') : null,
      dealer.blackjack ? h('span', { class: 'status natural' }, 'BLACKJACK') : null,
      dealer.finished && dealer.total > 21 ? h('span', { class: 'status busted' }, 'BUST') : null),
  );
}

/** A countdown bar ('decision' or 'betting'), drawn every frame by countdown.js. */
export function countdownBar(name = 'decision', running = null) {
  // A running betting countdown is also marked with its deadline (the table's `bettingCountdown`).
  const marks = name === 'betting' && running ? { class: `countdown ${name} betting-countdown idle`, 'data-betting-deadline': running.deadline } : { class: `countdown ${name} idle` };
  return h('div', { ...marks, 'data-countdown': name }, h('div', { class: 'countdown-fill' }), h('span', { class: 'countdown-seconds' }));
}

function seatsBlock(table) {
  const seats = h('div', { class: 'seats', 'data-seat-count': table.seats.length }, table.seats.map((seat) => seatBlock(seat, table)));
  // One row of seats as at the table; the seats share the width (CSSOM, allowed by the pages' CSP).
  seats.style.setProperty('--seat-count', String(Math.max(1, table.seats.length)));
  return seats;
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
    countdownBar('betting', table.bettingCountdown ?? null),
    countdownBar('decision'),
    seatsBlock(table),
  );
}

function connectionClass(connection) {
  return connection.startsWith('not allowed') ? 'refused' : connection.split(' ')[0];
}

export function headerBlock(meta, table, connection) {
  return h(
    'header',
    { class: 'top' },
    h('div', { class: 'game' }, meta.game, h('span', { class: 'limits' }, ` · ${money(meta.limits.min)}–${money(meta.limits.max)}`)),
    h('div', { class: `stage${table.paused ? ' paused' : ''}`, 'data-stage': table.stage }, stageText(table)),
    h('div', { class: 'round' }, table.round ? `Round ${table.round}` : '', h('span', { class: `connection ${connectionClass(connection)}` }, connection)),
  );
}
