// The results moment on every page (docs/live-table.md, "The results moment"): a banner that holds while
// the table holds — the round, the dealer's total, each box's outcome and net in words and the table's
// money — and is gone when betting opens (the view's `results` is then null).
import type { BoxResultView, RoundResultsView } from '../../../app/displays/round-results.js';
import type { TableView } from '../../../app/displays/table-view.js';
import { h } from './dom.js';
import { t, tOr } from './i18n.js';
import { signedMoney } from './money.js';

function dealerWords(results: RoundResultsView): string {
  if (results.dealerBlackjack) return t('results.dealerBlackjack');
  if (results.dealerTotal === null) return '';
  return results.dealerTotal > 21 ? t('results.dealerBust', { total: results.dealerTotal }) : t('results.dealerTotal', { total: results.dealerTotal });
}

function outcomeWords(box: BoxResultView): string {
  return box.outcomes.map((outcome) => tOr(`outcome.${outcome}`, outcome)).join(' · ');
}

function boxLine(box: BoxResultView): HTMLLIElement {
  const tone = box.net > 0 ? 'won' : box.net < 0 ? 'lost' : 'even';
  const totals = box.totals.filter((total) => total !== null).join(' / ');
  return h('li', { class: `box-result ${tone}`, 'data-seat': box.seat, 'data-net': box.net },
    h('span', { class: 'box-seat' }, t('table.seat', { seat: box.seat })),
    box.player ? h('span', { class: 'box-player' }, box.player) : null,
    totals ? h('span', { class: 'box-total' }, totals) : null,
    h('span', { class: 'box-outcome' }, outcomeWords(box)),
    h('span', { class: 'box-net' }, signedMoney(box.net)));
}

/** The banner while the round's results show; nothing otherwise. `house`: the staff pages also show the house's net. */
export function resultsBanner(table: TableView, house = false): HTMLElement | null {
  const results = table.results ?? null;
  if (!results) return null;
  return h('section', { class: 'results-banner', role: 'status', 'data-results-round': results.round },
    h('h2', { class: 'results-title' }, t('results.title', { round: results.round })),
    h('div', { class: 'results-dealer' }, dealerWords(results)),
    h('ul', { class: 'results-boxes' }, results.boxes.map(boxLine)),
    house ? h('div', { class: 'results-house', 'data-house-net': results.houseNet }, t('results.house', { amount: signedMoney(results.houseNet) })) : null);
}
