// The supervisor's console: everything the table knows, the shoe link, the controls (pause, resume,
// void, use card, shoe change) and the recall of the last 10 rounds. Void and shoe change ask for
// confirmation and a reason first. Controls work only while the console is live with a valid token.
import { getJson, postCommand } from './api.js';
import { h, replace, tokenFromAddress } from './dom.js';
import { cardFace } from './cards.js';
import { setCountdownsFrom } from './countdown.js';
import { recallBlock } from './recall.js';
import { connectViews } from './socket.js';
import { watchHostHealth } from './host-alarm.js';
import { headerBlock, tableBlock } from './table.js';
import { faultName, humanize, phaseWords } from './words.js';

const token = tokenFromAddress();
let connection = 'connecting';
let refused = null;
let last = null;

const CONTROLS = {
  pause: { path: '/api/supervisor/pause', label: 'Pause' },
  resume: { path: '/api/supervisor/resume', label: 'Resume' },
  void: {
    path: '/api/supervisor/void', label: 'Void round',
    confirm: { title: 'Void this round?', text: 'Every unsettled bet of the round is returned. This cannot be undone.', ok: 'Void the round' },
  },
  useCard: { path: '/api/supervisor/use-card', label: 'Use card' },
  shoeChange: {
    path: '/api/supervisor/shoe-change', label: 'Shoe change',
    confirm: { title: 'Change the shoe?', text: 'An open round is voided (its bets returned) and this shoe ends; betting waits for a new shoe.', ok: 'Change the shoe' },
  },
};

function faultLine(fault) {
  const advice = fault.advice ?? null;
  return h('li', { class: 'fault', 'data-fault': fault.kind }, fault.card ? cardFace(fault.card) : null,
    h('span', {}, `${faultName(fault.kind)}: ${fault.reason}`, advice ? h('span', { class: 'fault-advice advice' }, advice) : null));
}

function alarmLine(alarm) {
  return h('li', { class: `alarm ${alarm.kind}` }, `#${alarm.seq} ${alarm.wallTime.slice(11, 19)} ${humanize(alarm.kind)}: ${alarm.text}`);
}

function logLine(line) {
  return h('li', {}, h('code', {}, `#${line.seq} r${line.round} ${line.type} ${JSON.stringify(line.data)}`));
}

function timeOf(iso) {
  return typeof iso === 'string' && iso.length >= 19 ? iso.slice(11, 19) : null;
}

/** The shoe link (state, since, serial, firmware, counters), when the view carries it. */
function linkBlock(link) {
  if (!link || typeof link !== 'object') return h('p', { class: 'muted' }, 'No link information.');
  const state = String(link.state ?? 'unknown');
  const since = timeOf(link.since);
  const rows = [
    ['Shoe serial', link.serial], ['Firmware', link.firmware],
    ...Object.entries(link.counters && typeof link.counters === 'object' ? link.counters : {}).map(([name, value]) => [humanize(name), value]),
  ].filter(([, value]) => value !== null && value !== undefined && value !== '');
  return [
    h('div', { 'data-link': state }, h('span', { class: `link-state ${state}`, 'data-link-state': state }, humanize(state)), since ? ` since ${since}` : '',
      link.reason ? h('span', { class: 'muted' }, ` (${link.reason})`) : null),
    rows.length > 0 ? h('dl', {}, rows.map(([name, value]) => [h('dt', {}, name), h('dd', {}, typeof value === 'object' ? JSON.stringify(value) : String(value))])) : null,
  ];
}

function updateControls() {
  const live = connection === 'live' && refused === null && last !== null;
  const paused = last !== null && (last.paused !== null || last.phase === 'paused');
  const faultCard = last !== null && last.faults.some((f) => f.kind === 'outOfTurn');
  const allowed = { pause: !paused, resume: paused, void: true, useCard: faultCard, shoeChange: true };
  for (const name of Object.keys(CONTROLS)) {
    const button = document.querySelector(`[data-command="${name}"]`);
    if (button) button.disabled = !live || !allowed[name];
  }
  document.getElementById('reason').disabled = !live;
  document.getElementById('recall-button').disabled = refused !== null;
  const banner = document.getElementById('refused');
  banner.hidden = refused === null;
  banner.textContent = refused === null ? '' : `Controls disabled: this console is not allowed (${refused}). Open it with a supervisor's token (/supervisor?token=…).`;
}

function render() {
  updateControls();
  if (!last) {
    replace('table', h('p', { class: 'muted connection-state' }, connection));
    return;
  }
  const view = last;
  replace('table', headerBlock(view.meta, view.table, connection), tableBlock(view.table));
  replace('status',
    h('div', { class: 'phase', 'data-phase': view.phase }, phaseWords(view.phase)),
    h('div', { class: `instruction small ${view.instruction.kind}` }, view.instruction.text),
    view.paused ? h('div', { class: 'banner paused', 'data-paused': '' }, `Paused: ${view.paused.reason}${view.paused.by ? ` (${view.paused.by})` : ''}`) : null,
    view.shoe ? h('div', { class: 'shoe' }, `Shoe ${view.shoe.number}: ${view.shoe.cardsDrawn} card${view.shoe.cardsDrawn === 1 ? '' : 's'} drawn, burned ${view.shoe.burned}${view.shoe.cutCardSeen ? ', cut card out' : ''}`) : h('div', { class: 'shoe' }, 'No shoe'));
  if ('link' in view) replace('link', linkBlock(view.link));
  replace('faults', view.faults.length > 0 ? h('ul', {}, view.faults.map(faultLine)) : h('p', { class: 'muted' }, 'No open faults.'));
  replace('alarms', view.alarms.length > 0 ? h('ul', {}, [...view.alarms].reverse().map(alarmLine)) : h('p', { class: 'muted' }, 'No alarms.'));
  replace('log', h('ol', { class: 'log-lines' }, [...view.log].reverse().map(logLine)));
}

function showOutcome(name, status, answer) {
  const outcome = document.getElementById('outcome');
  const label = CONTROLS[name].label;
  outcome.textContent = answer.ok ? `${label}: done` : `${label} refused (${status}): ${answer.reason}`;
  outcome.className = answer.ok ? 'outcome ok' : 'outcome refused';
  if (status === 401 || status === 403) {
    refused = answer.reason ?? `refused (${status})`;
    updateControls();
  }
}

async function send(name, reason) {
  const { status, answer } = await postCommand(CONTROLS[name].path, reason ? { reason } : {}, token);
  showOutcome(name, status, answer);
  return answer.ok === true;
}

// The confirmation dialog: the confirm button stays disabled until a reason is typed.
const dialog = document.getElementById('confirm');
const dialogReason = document.getElementById('confirm-reason');
const dialogOk = document.getElementById('confirm-ok');
const dialogHint = document.getElementById('confirm-hint');
let confirming = null;

function checkReason() {
  const ready = dialogReason.value.trim().length > 0;
  dialogOk.disabled = !ready;
  dialogHint.textContent = ready ? '' : 'Type the reason to confirm.';
  return ready;
}

function askConfirmation(name) {
  const { confirm } = CONTROLS[name];
  confirming = name;
  dialog.setAttribute('data-command', name);
  document.getElementById('confirm-title').textContent = confirm.title;
  document.getElementById('confirm-text').textContent = confirm.text;
  dialogOk.textContent = confirm.ok;
  dialogReason.value = '';
  checkReason();
  dialog.showModal();
  dialogReason.focus();
}

async function confirmed() {
  if (!confirming || !checkReason()) return;
  const name = confirming;
  confirming = null;
  dialog.close();
  await send(name, dialogReason.value.trim());
}

dialogReason.addEventListener('input', checkReason);
dialogReason.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    void confirmed();
  }
});
dialogOk.addEventListener('click', () => void confirmed());
document.getElementById('confirm-cancel').addEventListener('click', () => {
  confirming = null;
  dialog.close();
});
dialog.addEventListener('close', () => {
  confirming = null;
});

async function clicked(name) {
  if (CONTROLS[name].confirm) return askConfirmation(name);
  const reasonField = document.getElementById('reason');
  const reason = name === 'pause' ? reasonField.value.trim() : '';
  if (await send(name, reason) && name === 'pause') reasonField.value = '';
}

async function recall() {
  const { status, answer } = await getJson('/api/recall?rounds=10', token);
  replace('recall', answer.rounds ? recallBlock(answer.rounds) : h('p', { class: 'outcome refused' }, answer.reason));
  if (status === 401 || status === 403) {
    refused = answer.reason ?? `refused (${status})`;
    updateControls();
  }
}

for (const name of Object.keys(CONTROLS)) {
  document.querySelector(`[data-command="${name}"]`)?.addEventListener('click', () => void clicked(name));
}
document.getElementById('recall-button')?.addEventListener('click', () => void recall());

connectViews(`/ws/supervisor?token=${encodeURIComponent(token)}`, {
  authCheck: { path: '/api/views/supervisor', token },
  onView: (view, { offsetMs }) => {
    last = view;
    setCountdownsFrom(view, offsetMs);
    render();
  },
  onStatus: (status) => {
    connection = status;
    if (status.startsWith('not allowed: ')) refused = status.slice('not allowed: '.length);
    render();
  },
});

watchHostHealth('host-alarm');
