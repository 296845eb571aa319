// The table as every display draws it: the dealer's hand, the countdown, and the seats with their
// bets, hands, totals and results. Final words: a finished hand shows one total (the best; soft totals
// only while the hand is live), a seat shows its name and stake once, and while the next round takes
// bets the seat starts clean — last round's hands and results stand apart, fading.
import type { TableMeta } from '../../../app/displays/table-meta.js';
import type { BetView, CountdownView, HandView, SeatView, SettlementView, TableView } from '../../../app/displays/table-view.js';
import { cardFace } from './cards.js';
import { h, type Attributes } from './dom.js';
import { t, tOr } from './i18n.js';
import type { HealthChip } from './host-alarm.js';
import { money, resultLabel } from './money.js';
import { betKindLabel, gameName, humanize } from './words.js';
import { resultsBanner } from './results-banner.js';

export function stageText(table: TableView): string {
  if (table.paused) return t('stage.paused');
  if (table.awaiting?.kind === 'offer') return t('stage.offerSeat', { seat: table.awaiting.seat });
  if (table.stage === 'playing' && table.awaiting) return t('stage.seatToPlay', { seat: table.awaiting.seat });
  return tOr(`stage.${table.stage}`, humanize(table.stage));
}

/** "9/19" while the hand is live and soft; otherwise the one (best) total. */
export function totalText(total: number | null | undefined, soft: boolean, live: boolean): string {
  if (total === null || total === undefined) return '';
  return live && soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

const STATUSES = ['busted', 'natural', 'surrendered', 'evenMoney'];

function statusText(status: string): string {
  return STATUSES.includes(status) ? t(`status.${status}`) : '';
}

function resultBadge(result: SettlementView, owner: string | null): HTMLDivElement {
  const tone = result.outcome === 'void' || result.outcome === 'push' ? 'even' : result.net > 0 ? 'won' : result.net < 0 ? 'lost' : 'even';
  const what = result.bet === 'main' ? '' : `${betKindLabel(result.bet)} `;
  // A co-player's or a bet-behind player's result is named; the box owner's is the seat's own.
  const who = owner && result.player && result.player !== owner ? h('span', { class: 'player' }, `${result.player} `) : null;
  return h('div', { class: `result ${tone}`, 'data-outcome': result.outcome }, who, `${what}${resultLabel(result)}`);
}

function handBlock(seat: SeatView, hand: HandView, table: TableView, current: boolean): HTMLDivElement {
  const inTurn = current && table.turn && table.turn.seat === seat.seat && table.turn.hand === hand.hand;
  const status = statusText(hand.status);
  // In words hands count from 1 (the API, the log and the recall keep the machine's index from 0: data-hand).
  const numbered = seat.hands.length > 1;
  const live = current && hand.status === 'open';
  return h(
    'div',
    { class: `hand${inTurn ? ' in-turn' : ''}`, 'data-hand': hand.hand },
    numbered ? h('div', { class: 'hand-number' }, t('table.hand', { hand: hand.hand + 1 })) : null,
    h('div', { class: 'cards', 'data-count': hand.cards.length }, hand.cards.map((card) => cardFace(card))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': hand.total ?? '' }, totalText(hand.total, hand.soft, live)),
      status ? h('span', { class: `status ${hand.status}` }, status) : null,
      hand.stake ? h('span', { class: 'stake' }, money(hand.stake)) : null),
    hand.results.map((result) => resultBadge(result, seat.owner)),
  );
}

function betLine(bet: BetView, owner: string | null): HTMLDivElement {
  const kind = bet.kind === 'main' ? '' : ` ${betKindLabel(bet.kind)}`;
  // The owner's name stands in the seat's header: a bet line names only someone else.
  const who = bet.player !== owner ? h('span', { class: 'player' }, `${bet.player} `) : null;
  return h('div', { class: `bet ${bet.kind}` }, who, `${money(bet.amount)}${kind}`);
}

/** The seat's bets still to show: once hands are dealt, the owner's main stake stands on the hand. */
function betsShown(seat: SeatView, current: boolean): readonly BetView[] {
  if (!current || seat.hands.length === 0) return seat.bets;
  return seat.bets.filter((bet) => !(bet.kind === 'main' && bet.player === seat.owner));
}

/** The hands and results belong to the round being played (not to the last one while bets are taken). */
export function handsAreCurrent(table: TableView): boolean {
  return table.handsRound === null || table.handsRound === table.round;
}

function seatBlock(seat: SeatView, table: TableView): HTMLElement {
  const current = handsAreCurrent(table);
  const active = table.awaiting && table.awaiting.seat === seat.seat;
  const bets = betsShown(seat, current);
  const played = seat.hands.length > 0 || seat.results.length > 0;
  const empty = bets.length === 0 && !played;
  const hands = h('div', { class: 'hands' }, seat.hands.map((hand) => handBlock(seat, hand, table, current)));
  const results = seat.results.map((result) => resultBadge(result, seat.owner));
  const owner = seat.owner ?? seat.bets.find((b) => b.kind === 'main')?.player ?? null;
  return h(
    'section',
    { class: `seat${active ? ' active' : ''}${empty ? ' empty' : ''}`, 'data-seat': seat.seat },
    h('header', {}, h('span', { class: 'seat-number' }, t('table.seat', { seat: seat.seat })), owner ? h('span', { class: 'owner', title: owner }, owner) : null),
    current ? [hands, results] : null,
    h('div', { class: 'bets' }, bets.map((bet) => betLine(bet, owner))),
    // Last round's hands stand apart, titled and smaller, from the moment betting opens; once the seat
    // has a new bet they fade too.
    !current && played
      ? h('div', { class: `last-round${bets.length > 0 ? ' fading' : ''}`, 'data-last-round': table.handsRound },
        h('div', { class: 'last-round-title' }, t('table.previous')), hands, results)
      : null,
  );
}

function dealerBlock(table: TableView): HTMLElement {
  const { dealer } = table;
  // Only the supervisor's view holds the face-down hole card itself; its total then counts it.
  const holeSeen = dealer.holeIndex !== null && dealer.cards[dealer.holeIndex] !== null && dealer.cards[dealer.holeIndex] !== undefined;
  const current = handsAreCurrent(table);
  return h(
    'section',
    { class: `dealer-hand${current ? '' : ' last-round'}`, 'data-dealer': '' },
    h('div', { class: 'dealer-title' }, t('table.dealer')),
    h('div', { class: 'cards' }, dealer.cards.map((card, i) => cardFace(card, { hole: i === dealer.holeIndex }))),
    h('div', { class: 'hand-line' },
      h('span', { class: 'total', 'data-total': dealer.total ?? '' }, totalText(dealer.total, dealer.soft, !dealer.finished && current)),
      holeSeen && dealer.total !== null ? h('span', { class: 'stake hole-note' }, t('table.withHole')) : null,
      dealer.blackjack ? h('span', { class: 'status natural' }, t('status.natural')) : null,
      dealer.finished && dealer.total !== null && dealer.total > 21 ? h('span', { class: 'status busted' }, t('status.busted')) : null),
  );
}

/** A countdown bar ('decision' or 'betting'), drawn every frame by countdown.ts. `waits`: betting is open
 *  and the countdown of that many seconds starts with the first main bet: the bar stands full and says so. */
export function countdownBar(name: 'decision' | 'betting' = 'decision', running: CountdownView | null = null, waits: number | null = null): HTMLDivElement {
  if (name === 'betting' && !running && waits !== null) {
    return h('div', { class: 'countdown betting waiting', 'data-countdown': name, 'data-waits': waits },
      h('div', { class: 'countdown-fill' }), h('span', { class: 'countdown-seconds' }, t('countdown.bettingWaits', { seconds: waits })));
  }
  // A running betting countdown is also marked with its deadline (the table's `bettingCountdown`).
  const marks: Attributes = name === 'betting' && running ? { class: `countdown ${name} betting-countdown idle`, 'data-betting-deadline': running.deadline } : { class: `countdown ${name} idle` };
  return h('div', { ...marks, 'data-countdown': name }, h('div', { class: 'countdown-fill' }), h('span', { class: 'countdown-seconds' }));
}

/** A seat with nothing on it: no bet, no hand, no result (seatBlock marks it `empty`). */
function seatIsEmpty(seat: SeatView, table: TableView): boolean {
  return betsShown(seat, handsAreCurrent(table)).length === 0 && seat.hands.length === 0 && seat.results.length === 0;
}

function seatsBlock(table: TableView): HTMLDivElement {
  const seats = h('div', { class: 'seats', 'data-seat-count': table.seats.length }, table.seats.map((seat) => seatBlock(seat, table)));
  // One row of seats as at the table; the seats share the width, an empty seat a narrow share (CSSOM,
  // allowed by the pages' CSP).
  seats.style.setProperty('--seat-count', String(Math.max(1, table.seats.length)));
  seats.style.gridTemplateColumns = table.seats.map((seat) => (seatIsEmpty(seat, table) ? 'minmax(0, .45fr)' : 'minmax(0, 1fr)')).join(' ');
  return seats;
}

export function tableBlock(table: TableView, house = false): HTMLDivElement {
  return h(
    'div',
    { class: 'table' },
    dealerBlock(table),
    resultsBanner(table, house),
    table.voided ? h('div', { class: 'banner voided' }, t('table.voided', { round: table.handsRound })) : null,
    table.handsRound !== null && table.handsRound !== table.round && !table.voided
      ? h('div', { class: 'previous-round' }, t('table.lastRound', { round: table.handsRound }))
      : null,
    countdownBar('betting', table.bettingCountdown ?? null, table.bettingWaits ?? null),
    countdownBar('decision'),
    seatsBlock(table),
  );
}

/** The live chip: green while the view stream is live and the host is healthy; amber or red with the reason. */
export function connectionChip(connection: string, health: HealthChip | null = null): HTMLSpanElement {
  const refused = connection.startsWith('not allowed');
  const words = refused ? t('conn.notAllowed', { reason: connection.slice('not allowed: '.length) })
    : connection === 'live' ? t('conn.live') : connection === 'stale' ? t('conn.stale') : connection.startsWith('reconnecting') ? t('conn.reconnecting') : t('conn.connecting');
  let tone = refused ? 'red' : connection === 'live' ? 'green' : 'amber';
  let text = words;
  if (connection === 'live' && health && health.tone !== 'green') {
    tone = health.tone;
    text = health.text;
  }
  return h('span', { class: `connection ${refused ? 'refused' : connection.split(' ')[0]} chip-${tone}`, 'data-chip': tone, title: health?.detail ?? '' }, text);
}

export function headerBlock(meta: TableMeta, table: TableView, connection: string, health: HealthChip | null = null): HTMLElement {
  return h(
    'header',
    { class: 'top' },
    h('div', { class: 'game' }, h('span', { class: 'game-name' }, gameName(meta.game)), h('span', { class: 'limits' }, ` · ${money(meta.limits.min)}–${money(meta.limits.max)}`)),
    h('div', { class: `stage${table.paused ? ' paused' : ''}`, 'data-stage': table.stage }, stageText(table)),
    h('div', { class: 'round' }, table.round ? t('table.round', { round: table.round }) : '', connectionChip(connection, health)),
    // The dealer on duty (`dealer.changed`); a view from an older server has no such field.
    table.dealerOnDuty ? h('div', { class: 'dealer-on-duty', 'data-dealer-on-duty': table.dealerOnDuty }, t('table.dealerOnDuty', { dealer: table.dealerOnDuty })) : null,
  );
}
