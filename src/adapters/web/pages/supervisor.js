// The supervisor's console: everything the table knows, the controls (pause, resume, void, use card,
// shoe change) and the recall of the last 10 rounds.
import { getJson, postCommand } from './api.js';
import { h, replace, tokenFromAddress } from './dom.js';
import { cardFace } from './cards.js';
import { setCountdown } from './countdown.js';
import { recallBlock } from './recall.js';
import { connectViews } from './socket.js';
import { headerBlock, tableBlock } from './table.js';

const token = tokenFromAddress();
let connection = 'connecting';
let last = null;

const CONTROLS = {
  pause: { path: '/api/supervisor/pause', withReason: true },
  resume: { path: '/api/supervisor/resume', withReason: false },
  void: { path: '/api/supervisor/void', withReason: true },
  useCard: { path: '/api/supervisor/use-card', withReason: false },
  shoeChange: { path: '/api/supervisor/shoe-change', withReason: true },
};

function faultLine(fault) {
  return h('li', { class: 'fault' }, fault.card ? cardFace(fault.card) : null, `${fault.kind}: ${fault.reason}`, fault.description ? h('div', { class: 'fault-description muted' }, fault.description) : null);
}

function alarmLine(alarm) {
  return h('li', { class: `alarm ${alarm.kind}` }, `#${alarm.seq} ${alarm.wallTime.slice(11, 19)} ${alarm.text}`);
}

function logLine(line) {
  return h('li', {}, h('code', {}, `#${line.seq} r${line.round} ${line.type} ${JSON.stringify(line.data)}`));
}

function render() {
  if (!last) {
    replace('table', h('p', { class: 'muted connection-state' }, connection));
    return;
  }
  const view = last;
  replace('table', headerBlock(view.meta, view.table, connection), tableBlock(view.table));
  replace('status',
    h('div', { class: 'phase', 'data-phase': view.phase }, `Phase: ${view.phase}`),
    h('div', { class: `instruction small ${view.instruction.kind}` }, view.instruction.text),
    view.paused ? h('div', { class: 'banner paused', 'data-paused': '' }, `Paused: ${view.paused.reason}${view.paused.by ? ` (${view.paused.by})` : ''}`) : null,
    view.shoe ? h('div', { class: 'shoe' }, `Shoe ${view.shoe.number}: ${view.shoe.cardsDrawn} cards drawn, burned ${view.shoe.burned}${view.shoe.cutCardSeen ? ', cut card out' : ''}`) : h('div', { class: 'shoe' }, 'No shoe'));
  replace('faults', view.faults.length > 0 ? h('ul', {}, view.faults.map(faultLine)) : h('p', { class: 'muted' }, 'No open faults.'));
  replace('alarms', view.alarms.length > 0 ? h('ul', {}, [...view.alarms].reverse().map(alarmLine)) : h('p', { class: 'muted' }, 'No alarms.'));
  replace('log', h('ol', { class: 'log-lines' }, [...view.log].reverse().map(logLine)));
}

async function send(name) {
  const control = CONTROLS[name];
  const reasonField = document.getElementById('reason');
  const reason = reasonField.value.trim();
  const body = control.withReason && reason ? { reason } : {};
  const { status, answer } = await postCommand(control.path, body, token);
  const outcome = document.getElementById('outcome');
  outcome.textContent = answer.ok ? `${name}: done` : `${name} refused (${status}): ${answer.reason}`;
  outcome.className = answer.ok ? 'outcome ok' : 'outcome refused';
  if (answer.ok) reasonField.value = '';
}

async function recall() {
  const { answer } = await getJson('/api/recall?rounds=10', token);
  replace('recall', answer.rounds ? recallBlock(answer.rounds) : h('p', { class: 'outcome refused' }, answer.reason));
}

for (const name of Object.keys(CONTROLS)) {
  document.querySelector(`[data-command="${name}"]`)?.addEventListener('click', () => void send(name));
}
document.getElementById('recall-button')?.addEventListener('click', () => void recall());

connectViews(`/ws/supervisor?token=${encodeURIComponent(token)}`, {
  authCheck: { path: '/api/views/supervisor', token },
  onView: (view, { offsetMs }) => {
    last = view;
    setCountdown(view.table.countdown, offsetMs);
    render();
  },
  onStatus: (status) => {
    connection = status;
    render();
  },
});
