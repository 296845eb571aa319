// The dealer's view: the next step in large letters, faults to handle (with what to do), and the table as
// players see it. A refused credential says so in a banner (the socket stops knocking).
import { postCommand } from './api.js';
import { h, replace, tokenFromAddress } from './dom.js';
import { cardFace } from './cards.js';
import { setCountdownsFrom } from './countdown.js';
import { connectViews } from './socket.js';
import { watchHostHealth } from './host-alarm.js';
import { headerBlock, tableBlock } from './table.js';
import { faultName } from './words.js';

const token = tokenFromAddress();
let connection = 'connecting';
let last = null;

function faultBlock(fault) {
  const advice = fault.advice ?? null;
  return h('div', { class: 'fault', 'data-fault': fault.kind },
    fault.card ? cardFace(fault.card) : null,
    h('span', {}, `${faultName(fault.kind)}: ${fault.reason}`, advice ? h('span', { class: 'fault-advice advice' }, advice) : null));
}

function refusedBanner() {
  return connection.startsWith('not allowed')
    ? h('p', { class: 'refused-banner', role: 'alert' }, `This display is ${connection}. Open it with the dealer's or a display's token (/dealer?token=…).`)
    : null;
}

/** Closes betting before the countdown ends (the same as the shoe's dealer button). */
async function closeBetting() {
  const { status, answer } = await postCommand('/api/betting/close', {}, token);
  const outcome = document.getElementById('outcome');
  if (outcome) outcome.textContent = answer.ok ? 'Betting closed' : `Close betting refused (${status}): ${answer.reason}`;
}

function render() {
  if (!last) {
    replace('app', refusedBanner(), h('p', { class: 'muted connection-state' }, connection));
    return;
  }
  const view = last;
  replace(
    'app',
    refusedBanner(),
    headerBlock(view.meta, view.table, connection),
    h('div', { class: `instruction ${view.instruction.kind}`, 'data-instruction': view.instruction.kind }, view.instruction.text),
    view.paused ? h('div', { class: 'banner paused' }, `Paused: ${view.paused.reason}`) : null,
    view.faults.length > 0 ? h('div', { class: 'faults' }, view.faults.map(faultBlock)) : null,
    view.table.stage === 'betting' && !view.table.paused
      ? h('div', { class: 'dealer-controls' }, h('button', { type: 'button', 'data-command': 'closeBetting', onclick: () => void closeBetting() }, 'Close betting'), h('span', { id: 'outcome', class: 'outcome', role: 'status' }))
      : null,
    tableBlock(view.table),
  );
}

connectViews(`/ws/dealer?token=${encodeURIComponent(token)}`, {
  authCheck: { path: '/api/views/dealer', token },
  onView: (view, { offsetMs }) => {
    last = view;
    setCountdownsFrom(view, offsetMs);
    render();
  },
  onStatus: (status) => {
    connection = status;
    render();
  },
});

watchHostHealth('host-alarm');
