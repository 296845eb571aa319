// The supervisor's console, triage first: open faults and integrity alarms (each with what to do), the
// table's state and the controls (pause, resume, void, use card, shoe change) stand in the first
// viewport — a halted table (the log cannot be written) first among the faults, with Resume open for it once
// space is back; the settlement feed, when the table has one (./feed-panel.ts); the shoe link is one line
// (details one click away), the log is sentences (the raw record one click away), the recall marks voided rounds,
// the removed shoes' receipts with their stub counts and the stub count's form (./shoes-panel.ts). Void and shoe change ask for confirmation and a reason
// first. Controls work only while the console is live with a valid token.
import type { RecalledRound } from '../../../app/audit/recall-rounds.js';
import type { PitView } from '../../../app/displays/pit-figures.js';
import type { SupervisorView } from '../../../app/displays/supervisor-projection.js';
import { COMMAND_PATHS, READ_PATHS, viewPath, viewSocketPath } from '../route-paths.js';
import { getJson, postCommand, type Answer } from './api.js';
import { byId, h, replace, tokenFromAddress } from './dom.js';
import { setCountdownsFrom } from './countdown.js';
import { recallBlock } from './recall.js';
import { connectViews } from './socket.js';
import { watchHostHealth, type HealthChip } from './host-alarm.js';
import { watchFeed } from './feed-panel.js';
import { t, translateDocument } from './i18n.js';
import { instructionText } from './instruction.js';
import { money, signedMoney, useCurrencyOf } from './money.js';
import { headerBlock, tableBlock } from './table.js';
import { phaseWords, refusalWords, refusedReason } from './words.js';
import { reasonWords } from './reason-words.js';
import { enableProcedures, wireProcedures } from './procedures-panel.js';
import { shoesBlock, updateStubForm, wireStubForm } from './shoes-panel.js';
import { alarmsBlock, faultLine, haltLine, linkBlock, logLine, timeOf } from './supervisor-blocks.js';

translateDocument('page.supervisor');
const token = tokenFromAddress();
let connection = 'connecting';
let health: HealthChip | null = null;
let refused: string | null = null;
let last: SupervisorView | null = null;
/** The host's problem a halted table's view shows by itself (its halt line): not repeated at the top. */
const LOG_SHOWN: ReadonlySet<string> = new Set(['logUnwritable']);
const NOTHING: ReadonlySet<string> = new Set();

/** The console's commands (each a button `[data-command=<name>]`); the dangerous ones ask first. */
type Control = 'pause' | 'resume' | 'void' | 'useCard' | 'shoeChange';

interface ControlSpec {
  readonly path: string;
  readonly label: string;
  readonly confirm?: { readonly title: string; readonly text: string; readonly ok: string };
}

const CONTROLS: Readonly<Record<Control, ControlSpec>> = {
  pause: { path: COMMAND_PATHS.pause, label: 'sup.pause' },
  resume: { path: COMMAND_PATHS.resume, label: 'sup.resume' },
  void: { path: COMMAND_PATHS.void, label: 'sup.void', confirm: { title: 'sup.voidTitle', text: 'sup.voidText', ok: 'sup.voidOk' } },
  useCard: { path: COMMAND_PATHS.useCard, label: 'sup.useCard' },
  shoeChange: { path: COMMAND_PATHS.shoeChange, label: 'sup.shoeChange', confirm: { title: 'sup.shoeTitle', text: 'sup.shoeText', ok: 'sup.shoeOk' } },
};
const CONTROL_NAMES = Object.keys(CONTROLS) as Control[];

function updateControls(): void {
  const live = connection === 'live' && refused === null && last !== null;
  const paused = last !== null && (last.paused !== null || last.phase === 'paused');
  const faultCard = last !== null && last.faults.some((f) => f.kind === 'outOfTurn');
  // Halted, the table takes only the Resume that clears a storage fault (a view from an older gateway has no `halt`).
  const halt = last?.halt ?? null;
  const allowed: Readonly<Record<Control, boolean>> = halt
    ? { pause: false, resume: halt.kind === 'storage', void: false, useCard: false, shoeChange: false }
    : { pause: !paused, resume: paused, void: true, useCard: faultCard, shoeChange: true };
  for (const name of CONTROL_NAMES) {
    const button = document.querySelector<HTMLButtonElement>(`[data-command="${name}"]`);
    if (button) button.disabled = !live || !allowed[name];
  }
  byId<HTMLInputElement>('reason').disabled = !live;
  enableProcedures(live && !halt);
  updateStubForm(last?.shoes, live && !halt);
  byId<HTMLButtonElement>('recall-button').disabled = refused !== null;
  const banner = byId('refused');
  banner.hidden = refused === null;
  banner.textContent = refused === null ? '' : t('sup.disabled', { reason: refused });
}

function render(): void {
  updateControls();
  if (!last) {
    replace('table', h('p', { class: 'muted connection-state' }, t('conn.connecting')));
    return;
  }
  const view = last;
  replace('table', headerBlock(view.meta, view.table, connection, health), tableBlock(view.table, true));
  const shoe = view.shoe;
  replace('status',
    h('div', { class: 'phase', 'data-phase': view.phase }, phaseWords(view.phase)),
    h('div', { class: `instruction small ${view.instruction.kind}` }, instructionText(view)),
    view.paused && view.faults.length === 0 ? h('div', { class: 'banner paused', 'data-paused': '' }, view.paused.by ? t('sup.pausedBy', { reason: reasonWords(view.paused), by: view.paused.by }) : t('sup.paused', { reason: reasonWords(view.paused) })) : null,
    shoe ? h('div', { class: 'shoe' }, t('sup.shoe', { shoe: shoe.number, count: shoe.cardsDrawn, burned: shoe.burned }), shoe.cutCardSeen ? `, ${t('sup.cutCardOut')}` : '') : h('div', { class: 'shoe' }, t('sup.noShoe')));
  if ('link' in view) replace('link', linkBlock(view.link));
  const halt = view.halt ?? null;
  const faults = [...(halt ? [haltLine(halt)] : []), ...view.faults.map(faultLine)];
  document.getElementById('faults-panel')?.classList.toggle('hot', faults.length > 0);
  document.getElementById('alarms-panel')?.classList.toggle('hot', view.alarms.length > 0);
  replace('faults', faults.length > 0 ? h('ul', {}, faults) : h('p', { class: 'muted' }, t('sup.noFaults')));
  replace('alarms', alarmsBlock(view.alarms));
  replace('log', h('ol', { class: 'log-lines' }, [...view.log].reverse().map(logLine)));
  // A view from an older server has no pit.
  if ('pit' in view) replace('pit', pitBlock(view.pit));
  replace('shoes', shoesBlock(view.shoes));
}

/** The pit's figures: the dealer on duty, money at risk, the house's net on the round and the stint, hands an hour. */
function pitBlock(pit: PitView): HTMLElement {
  const tone = (net: number) => (net > 0 ? 'won' : net < 0 ? 'lost' : 'even');
  const row = (key: string, value: string, attrs: Record<string, string | number> = {}, cls = '') => [h('dt', {}, t(key)), h('dd', { class: cls || null, ...attrs }, value)];
  return h('dl', { class: 'pit-figures' },
    row('sup.pitDealer', pit.dealer ?? t('sup.pitNoDealer'), { 'data-pit': 'dealer' }),
    row('sup.pitAtRisk', money(pit.atRisk), { 'data-pit': 'atRisk', 'data-amount': pit.atRisk }),
    row('sup.pitRound', pit.round === null ? '—' : `${t('table.round', { round: pit.round })}: ${signedMoney(pit.roundHouseNet)}`, { 'data-pit': 'round', 'data-amount': pit.roundHouseNet }, `house-net ${tone(pit.roundHouseNet)}`),
    row('sup.pitStint', t('sup.pitStintValue', { amount: signedMoney(pit.stintHouseNet), rounds: pit.stintRounds, since: timeOf(pit.stintSince) ?? '—' }), { 'data-pit': 'stint', 'data-amount': pit.stintHouseNet }, `house-net ${tone(pit.stintHouseNet)}`),
    row('sup.pitHandsPerHour', pit.handsPerHour === null ? '—' : String(pit.handsPerHour), { 'data-pit': 'handsPerHour' }));
}

function showOutcome(name: Control, status: number, answer: Answer): void {
  showAnswer(t(CONTROLS[name].label), status, answer);
}

/** A command's answer under the controls (or beside its own form: `target`), in words (a procedure's too). */
function showAnswer(label: string, status: number, answer: Answer, target = 'outcome'): void {
  const outcome = byId(target);
  const done = answer.note ? t('sup.doneNote', { label, note: reasonWords(answer.note) }) : t('sup.done', { label });
  outcome.textContent = answer.ok ? done : t('sup.refusedCommand', { label, reason: refusalWords(answer, status) });
  outcome.className = answer.ok ? 'outcome ok' : 'outcome refused';
  if (status === 401 || status === 403) {
    refused = refusedReason(answer, status);
    updateControls();
  }
}

async function send(name: Control, reason: string): Promise<boolean> {
  const { status, answer } = await postCommand(CONTROLS[name].path, reason ? { reason } : {}, token);
  showOutcome(name, status, answer);
  return answer.ok === true;
}

// The confirmation dialog: the confirm button stays disabled until a reason is typed.
const dialog = byId<HTMLDialogElement>('confirm');
const dialogReason = byId<HTMLInputElement>('confirm-reason');
const dialogOk = byId<HTMLButtonElement>('confirm-ok');
const dialogHint = byId('confirm-hint');
let confirming: Control | null = null;

function checkReason(): boolean {
  const ready = dialogReason.value.trim().length > 0;
  dialogOk.disabled = !ready;
  dialogHint.textContent = ready ? '' : t('sup.typeReason');
  return ready;
}

function askConfirmation(name: Control): void {
  const { confirm } = CONTROLS[name];
  if (!confirm) return;
  confirming = name;
  dialog.setAttribute('data-command', name);
  byId('confirm-title').textContent = t(confirm.title);
  byId('confirm-text').textContent = t(confirm.text);
  dialogOk.textContent = t(confirm.ok);
  dialogReason.value = '';
  checkReason();
  dialog.showModal();
  dialogReason.focus();
}

async function confirmed(): Promise<void> {
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
byId('confirm-cancel').addEventListener('click', () => {
  confirming = null;
  dialog.close();
});
dialog.addEventListener('close', () => {
  confirming = null;
});

async function clicked(name: Control): Promise<void> {
  if (CONTROLS[name].confirm) return askConfirmation(name);
  const reasonField = byId<HTMLInputElement>('reason');
  const reason = name === 'pause' ? reasonField.value.trim() : '';
  if (await send(name, reason) && name === 'pause') reasonField.value = '';
}

async function recall(): Promise<void> {
  const { status, answer } = await getJson<{ rounds: RecalledRound[] }>(`${READ_PATHS.recall}?rounds=10`, token);
  replace('recall', answer.rounds ? recallBlock(answer.rounds) : h('p', { class: 'outcome refused' }, refusedReason(answer, status)));
  if (status === 401 || status === 403) {
    refused = refusedReason(answer, status);
    updateControls();
  }
}

for (const name of CONTROL_NAMES) {
  document.querySelector(`[data-command="${name}"]`)?.addEventListener('click', () => void clicked(name));
}
document.getElementById('recall-button')?.addEventListener('click', () => void recall());
wireProcedures(token, showAnswer);
wireStubForm(token, showAnswer);

connectViews<SupervisorView>(`${viewSocketPath('supervisor')}?token=${encodeURIComponent(token)}`, {
  authCheck: { path: viewPath('supervisor'), token },
  onView: (view, { offsetMs }) => {
    useCurrencyOf(view.meta);
    last = view;
    setCountdownsFrom(view, offsetMs);
    render();
    hostLines();
  },
  onStatus: (status) => {
    connection = status;
    if (status.startsWith('not allowed: ')) refused = status.slice('not allowed: '.length);
    render();
  },
});

watchFeed('feed-panel', 'feed', token);

const hostLines = watchHostHealth('host-alarm', (next) => {
  health = next;
  render();
}, () => (last?.halt ? LOG_SHOWN : NOTHING));
