// The dealer's view: the next step in large letters, faults to handle (each once, in words, with what to
// do) — a halted table's first (the log cannot be written: docs/operations.md, "Storage faults") — and
// the table as players see it. A refused credential says so in a banner (the socket stops knocking).
import type { DealerView } from '../../../app/displays/dealer-projection.js';
import type { OpenFault } from '../../../app/displays/open-faults.js';
import type { HaltView } from '../../../app/displays/halt-view.js';
import { COMMAND_PATHS, viewPath, viewSocketPath } from '../route-paths.js';
import { postCommand } from './api.js';
import { h, replace, tokenFromAddress } from './dom.js';
import { cardFace } from './cards.js';
import { setCountdownsFrom } from './countdown.js';
import { connectViews } from './socket.js';
import { watchHostHealth, type HealthChip } from './host-alarm.js';
import { t, translateDocument } from './i18n.js';
import { instructionText } from './instruction.js';
import { headerBlock, tableBlock } from './table.js';
import { useCurrencyOf } from './money.js';
import { faultName, faultTodo, haltName, haltTodo, refusalWords } from './words.js';
import { reasonWords } from './reason-words.js';

translateDocument('page.dealer');
const token = tokenFromAddress();
let connection = 'connecting';
let health: HealthChip | null = null;
let last: DealerView | null = null;
/** The host's problem a halted table's view shows by itself (its halt block): not repeated at the top. */
const LOG_SHOWN: ReadonlySet<string> = new Set(['logUnwritable']);
const NOTHING: ReadonlySet<string> = new Set();

function faultBlock(fault: OpenFault): HTMLDivElement {
  return h('div', { class: 'fault', 'data-fault': fault.kind },
    fault.card ? cardFace(fault.card) : null,
    h('span', { class: 'fault-text' }, h('span', { class: 'fault-name' }, faultName(fault.kind)), h('span', { class: 'fault-advice advice' }, faultTodo(fault))));
}

/** The table halted: what happened, what to do, and the table's own sentence one click away. */
function haltBlock(halt: HaltView): HTMLDivElement {
  return h('div', { class: 'fault halt', 'data-halt': halt.kind },
    h('span', { class: 'fault-text' }, h('span', { class: 'fault-name' }, haltName(halt.kind)), h('span', { class: 'fault-advice advice' }, haltTodo(halt.kind)),
      h('details', { class: 'raw' }, h('summary', {}, t('sup.raw')), h('code', {}, reasonWords(halt)))));
}

function refusedBanner(): HTMLParagraphElement | null {
  return connection.startsWith('not allowed')
    ? h('p', { class: 'refused-banner', role: 'alert' }, t('dealer.refused', { reason: connection.slice('not allowed: '.length) }))
    : null;
}

/** Closes betting before the countdown ends (the same as the shoe's dealer button). */
async function closeBetting(): Promise<void> {
  const { status, answer } = await postCommand(COMMAND_PATHS.closeBetting, {}, token);
  const outcome = document.getElementById('outcome');
  if (outcome) outcome.textContent = answer.ok ? t('dealer.bettingClosed') : t('dealer.closeRefused', { reason: refusalWords(answer, status) });
}

/** Names the dealer now on duty (`dealer.changed`, docs/live-table.md): the form stays outside the redrawn table. */
async function changeDealer(event: Event): Promise<void> {
  event.preventDefault();
  const field = document.getElementById('dealer-name') as HTMLInputElement | null;
  const outcome = document.getElementById('dealer-change-outcome');
  const dealer = field?.value.trim() ?? '';
  if (!dealer) return;
  const { status, answer } = await postCommand(COMMAND_PATHS.dealer, { dealer }, token);
  if (outcome) outcome.textContent = answer.ok ? t('dealer.changed', { dealer }) : t('dealer.changeRefused', { reason: refusalWords(answer, status) });
  if (answer.ok && field) field.value = '';
}
document.getElementById('dealer-change')?.addEventListener('submit', (event) => void changeDealer(event));

function render(): void {
  if (!last) {
    replace('app', refusedBanner(), h('p', { class: 'muted connection-state' }, t(`conn.${connection.startsWith('reconnecting') ? 'reconnecting' : 'connecting'}`)));
    return;
  }
  const view = last;
  // A pause caused by a fault is told by the fault itself (name, what to do): the instruction and the
  // pause banner do not repeat it.
  // A view from an older gateway has no `halt`.
  const halt = view.halt ?? null;
  const faulted = view.faults.length > 0 || halt !== null;
  replace(
    'app',
    refusedBanner(),
    headerBlock(view.meta, view.table, connection, health),
    // The next step and the control for it share one row.
    h('div', { class: 'instruction-row' },
      h('div', { class: `instruction ${view.instruction.kind}`, 'data-instruction': view.instruction.kind }, instructionText(view)),
      view.table.stage === 'betting' && !view.table.paused && halt === null
        ? h('div', { class: 'dealer-controls' }, h('button', { type: 'button', 'data-command': 'closeBetting', onclick: () => void closeBetting() }, t('dealer.closeBetting')), h('span', { id: 'outcome', class: 'outcome', role: 'status' }))
        : null),
    view.paused && !faulted ? h('div', { class: 'banner paused' }, t('dealer.paused', { reason: reasonWords(view.paused) })) : null,
    faulted ? h('div', { class: 'faults', 'data-fault-count': view.faults.length }, halt ? haltBlock(halt) : null, view.faults.map(faultBlock)) : null,
    tableBlock(view.table),
  );
}

connectViews<DealerView>(`${viewSocketPath('dealer')}?token=${encodeURIComponent(token)}`, {
  authCheck: { path: viewPath('dealer'), token },
  onView: (view, { offsetMs }) => {
    useCurrencyOf(view.meta);
    last = view;
    setCountdownsFrom(view, offsetMs);
    render();
    hostLines();
  },
  onStatus: (status) => {
    connection = status;
    render();
  },
});

const hostLines = watchHostHealth('host-alarm', (next) => {
  health = next;
  render();
}, () => (last?.halt ? LOG_SHOWN : NOTHING));
