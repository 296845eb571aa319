// The studio's broadcast band (/overlay; docs/web-api.md, "Studio overlay"): the camera already shows the
// real cards, so the picture gets only a slim lower-third band — the stage and the round timer, the
// dealer's total, each box's bet and total (its outcome and net while the results hold) — and chips in a
// corner: the game and its limits, the round, the last rounds' dealer hands. Every text stands on a solid
// backing (style.css), so it reads over any picture. The virtual cards are drawn only when asked (`?cards=1`).
import type { PublicView } from '../../../app/displays/public-projection.js';
import type { RoundResultsView } from '../../../app/displays/round-results.js';
import type { HandView, SeatView, TableView } from '../../../app/displays/table-view.js';
import { cardFace } from './cards.js';
import { h } from './dom.js';
import { t, tOr } from './i18n.js';
import { money, signedMoney } from './money.js';
import { countdownBar, handsAreCurrent, stageText, totalText } from './table.js';
import { gameName } from './words.js';

/** Where the studio puts the band and the chips, and whether the virtual cards show. */
export interface BandLayout {
  readonly band: 'bottom' | 'top';
  readonly chips: 'left' | 'right';
  readonly cards: boolean;
}

/** `?layout=top|bottom` (the band), `?chips=left|right` (the corner), `?cards=1` (the virtual cards). */
export function bandLayoutFrom(search: string): BandLayout {
  const params = new URLSearchParams(search);
  return {
    band: params.get('layout') === 'top' ? 'top' : 'bottom',
    chips: params.get('chips') === 'right' ? 'right' : 'left',
    cards: params.get('cards') === '1',
  };
}

function chip(kind: string, ...text: (string | HTMLElement | null)[]): HTMLSpanElement {
  return h('span', { class: `chip chip-${kind}` }, ...text);
}

function dealerHandWords(total: number | null, blackjack: boolean): string {
  if (blackjack) return t('band.blackjack');
  if (total === null) return '';
  return total > 21 ? t('band.bust', { total }) : String(total);
}

/** The corner chips: game and limits, the round, the last rounds' dealer hands (newest first). */
function chipsBlock(view: PublicView): HTMLElement {
  const { meta, table } = view;
  const recent = table.recentRounds ?? [];
  return h('div', { class: 'band-chips' },
    chip('game', `${gameName(meta.game)} · ${money(meta.limits.min)}–${money(meta.limits.max)}`),
    table.round ? chip('round', t('table.round', { round: table.round })) : null,
    recent.length > 0
      ? h('span', { class: 'chip chip-history', 'aria-label': t('band.history') },
        h('span', { class: 'history-label' }, t('band.history')),
        recent.map((r) => h('span', { class: `history-round${r.dealerBlackjack ? ' bj' : r.dealerTotal !== null && r.dealerTotal > 21 ? ' bust' : ''}`, 'data-round': r.round }, dealerHandWords(r.dealerTotal, r.dealerBlackjack))))
      : null);
}

function seatStake(seat: SeatView): number {
  return seat.bets.filter((b) => b.kind === 'main' || b.kind === 'behind').reduce((sum, b) => sum + b.amount, 0);
}

function handTotals(hands: readonly HandView[], live: boolean): string {
  return hands.map((hand) => totalText(hand.total, hand.soft, live && hand.status === 'open')).filter((x) => x !== '').join(' · ');
}

function cardsOf(cards: readonly (string | null)[], holeIndex: number | null = null): HTMLElement {
  return h('span', { class: 'band-cards' }, cards.map((card, i) => cardFace(card, { hole: i === holeIndex })));
}

/** "WIN", "WIN ×2" (a split box whose hands came to the same), "WIN · LOSE". */
function outcomeWords(outcomes: readonly string[]): string {
  const words = outcomes.map((o) => tOr(`outcome.${o}`, o));
  const first = words[0] ?? '';
  return words.length > 1 && words.every((w) => w === first) ? `${first} ×${words.length}` : words.join(' · ');
}

/** One box of the band: its number, its stake and its hands' totals; while the results hold, its outcome and net. */
function boxCell(seat: SeatView, table: TableView, results: RoundResultsView | null, layout: BandLayout): HTMLElement | null {
  const current = handsAreCurrent(table);
  const hands = current ? seat.hands : [];
  const stake = seatStake(seat) || hands.reduce((sum, hand) => sum + hand.stake, 0);
  const result = results?.boxes.find((b) => b.seat === seat.seat) ?? null;
  if (stake === 0 && hands.length === 0 && !result) return null; // an empty box takes no room on air
  const inTurn = table.turn?.seat === seat.seat && table.stage === 'playing';
  const tone = result ? (result.net > 0 ? ' won' : result.net < 0 ? ' lost' : ' even') : '';
  // While the results hold the head gives the dealer's hand and each box its outcome and net: no totals.
  const totals = result ? '' : handTotals(hands, current);
  return h('li', { class: `band-box${inTurn ? ' in-turn' : ''}${tone}`, 'data-seat': seat.seat },
    h('span', { class: 'box-number' }, String(seat.seat)),
    // While the results hold, the outcome and the net stand where the stake stood.
    result
      ? h('span', { class: 'box-body' },
        h('span', { class: 'box-outcome' }, outcomeWords(result.outcomes)),
        h('span', { class: 'box-net' }, signedMoney(result.net)))
      : h('span', { class: 'box-body' }, h('span', { class: 'box-stake' }, stake ? money(stake) : '')),
    totals ? h('span', { class: 'box-total' }, totals) : null,
    layout.cards && hands.length > 0 ? h('span', { class: 'box-hands' }, hands.map((hand) => cardsOf(hand.cards))) : null);
}

/** The band's head: the stage (or the results' title and the dealer's hand while they hold) and the timers. */
function headBlock(table: TableView, results: RoundResultsView | null): HTMLElement {
  const words = results
    ? [h('span', { class: 'band-title' }, t('results.title', { round: results.round })),
      h('span', { class: 'band-dealer-result' }, results.dealerBlackjack ? t('results.dealerBlackjack')
        : results.dealerTotal === null ? '' : results.dealerTotal > 21 ? t('results.dealerBust', { total: results.dealerTotal }) : t('results.dealerTotal', { total: results.dealerTotal }))]
    : [h('span', { class: `band-stage${table.paused ? ' paused' : ''}` }, stageText(table))];
  return h('div', { class: `band-head${results ? ' results-moment' : ''}` },
    ...words,
    countdownBar('betting', table.bettingCountdown ?? null, table.bettingWaits ?? null),
    countdownBar('decision'));
}

function dealerCell(table: TableView, layout: BandLayout): HTMLElement | null {
  const current = handsAreCurrent(table);
  // While the results hold, the head says the dealer's hand in words.
  if (!current || table.dealer.cards.length === 0 || table.results) return null;
  const total = totalText(table.dealer.total, table.dealer.soft, !table.dealer.finished);
  return h('div', { class: 'band-dealer', 'data-dealer': '' },
    h('span', { class: 'band-dealer-name' }, t('table.dealer')),
    h('span', { class: 'box-total' }, table.dealer.blackjack ? t('band.blackjack') : total),
    layout.cards ? cardsOf(table.dealer.cards, table.dealer.holeIndex) : null);
}

/** The whole overlay for one view. */
export function broadcastBand(view: PublicView, layout: BandLayout): HTMLElement[] {
  const { table } = view;
  const results = table.results ?? null;
  const boxes = table.seats.map((seat) => boxCell(seat, table, results, layout)).filter((x): x is HTMLElement => x !== null);
  const band = h('section', { class: `band${results ? ' results-moment' : ''}`, 'data-stage': table.stage, role: results ? 'status' : null, 'data-results-round': results?.round ?? null },
    headBlock(table, results),
    h('div', { class: 'band-row' },
      dealerCell(table, layout),
      boxes.length > 0 ? h('ol', { class: 'band-boxes' }, boxes) : h('span', { class: 'band-empty' }, t('table.noBets'))),
    table.voided ? h('div', { class: 'band-note voided' }, t('table.voided', { round: table.handsRound })) : null);
  return [chipsBlock(view), band];
}
