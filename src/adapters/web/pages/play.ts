// Manual play (`npm start -- --manual`): a person plays the seats from this page. It shows the public
// table and sends bets and decisions through the same API as the online game server (its token in
// ?token=), so every action is an input on the log attributed to that credential.
// The controls are built once and updated in place (what is typed survives every update); they offer
// only what the game and the moment allow — the bet kinds of the rule set while betting is open, the
// decisions the table would accept from the box it waits for — as the server tells it
// (GET /api/play/options). Amounts are typed and shown in money (major units), as the table shows them.
import type { PlayOptions } from '../../../round/play-options.js';
import type { PublicView } from '../../../app/displays/public-projection.js';
import { COMMAND_PATHS, READ_PATHS } from '../route-paths.js';
import { getJson, postCommand } from './api.js';
import { byId, tokenFromAddress } from './dom.js';
import { t, translateDocument } from './i18n.js';
import { money, moneyInput, parseMoney } from './money.js';
import { showPublicTable } from './public-table.js';
import { stageText } from './table.js';
import { actionLabel, betKindLabel, refusalWords, refusedReason } from './words.js';

translateDocument('page.play');

const token = tokenFromAddress();
const $ = byId;
$<HTMLInputElement>('stake').value = moneyInput(1000);

const ACTIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'switch', 'insurance', 'noInsurance', 'evenMoney', 'followDouble', 'followSplit'];
const OFFER_ANSWERS = ['insurance', 'noInsurance', 'evenMoney'];
const FOLLOW: Readonly<Record<string, 'double' | 'split'>> = { followDouble: 'double', followSplit: 'split' };

let view: PublicView | null = null;
let connection = 'connecting';
let options: PlayOptions | null = null;
let refused: string | null = null;
let amountFor: string | null = null;

// Built once: one button per decision, shown only when allowed.
for (const action of ACTIONS) {
  const button = document.createElement('button');
  button.type = 'button';
  button.hidden = true;
  button.dataset.action = action;
  button.textContent = actionLabel(action);
  button.addEventListener('click', () => void decide(action));
  $('actions').append(button);
}

function say(text: string, tone = ''): void {
  const message = $('play-message');
  message.textContent = text;
  message.className = tone;
}

function refuse(reason: string): void {
  refused = reason;
  update();
}

// One request at a time: a view arriving while one is out asks once more when it is back (so the
// options are never older than the newest view, and a refused token is asked only once).
let asking = false;
let askAgain = false;

async function askOptions(): Promise<void> {
  if (refused !== null) return; // every refused request lands on the table's log: stop knocking
  if (asking) {
    askAgain = true;
    return;
  }
  asking = true;
  try {
    const { status, answer } = await getJson<PlayOptions>(READ_PATHS.playOptions, token);
    if (status === 401 || status === 403) refuse(refusedReason(answer, status));
    else if (status === 200) options = answer as PlayOptions;
  } catch {
    // The table is unreachable: the socket's status says so; keep the last options.
  } finally {
    asking = false;
  }
  update();
  if (askAgain) {
    askAgain = false;
    void askOptions();
  }
}

function syncSeats(count: number): void {
  const select = $<HTMLSelectElement>('seat');
  if (select.options.length === count) return;
  const chosen = Number(select.value) || 1;
  select.replaceChildren(...Array.from({ length: count }, (_, i) => {
    const option = document.createElement('option');
    option.value = String(i + 1);
    option.textContent = t('table.seat', { seat: i + 1 });
    option.selected = i + 1 === chosen;
    return option;
  }));
}

function syncKinds(kinds: readonly string[]): void {
  const select = $<HTMLSelectElement>('kind');
  if ([...select.options].map((o) => o.value).join() === kinds.join()) return;
  const chosen = select.value || 'main';
  select.replaceChildren(...kinds.map((kind) => {
    const option = document.createElement('option');
    option.value = kind;
    option.textContent = betKindLabel(kind);
    option.selected = kind === chosen;
    return option;
  }));
}

function awaitingText(awaiting: PlayOptions['awaiting'], botSeat?: number): string {
  if (botSeat !== undefined) return t('play.botDecides', { seat: botSeat });
  if (!awaiting) return t('play.noDecision');
  const { seat, owner } = awaiting;
  // In words hands count from 1; the API's index (from 0) is what the decision sends.
  return awaiting.kind === 'offer' ? t('play.awaitOffer', { seat, owner }) : t('play.awaitPlay', { seat, owner, hand: awaiting.hand + 1 });
}

function syncAmount(): void {
  const field = $('amount-field');
  const range = options?.amounts.double ?? options?.amounts.insurance ?? null;
  field.hidden = range === null;
  if (!options || !range) return;
  $('amount-label').textContent = options.amounts.double ? t('play.doubleAmount', { min: money(range.min), max: money(range.max) }) : t('play.insuranceAmount', { max: money(range.max) });
  // A new decision gets the full amount as default; a typed amount stays while the same decision waits.
  const key = JSON.stringify(options.awaiting);
  if (key !== amountFor) {
    amountFor = key;
    $<HTMLInputElement>('amount').value = moneyInput(range.max);
  }
}

function update(): void {
  const live = refused === null && connection === 'live' && view !== null && options !== null;
  const banner = $('play-refused');
  banner.hidden = refused === null;
  banner.textContent = refused === null ? '' : t('play.disabled', { reason: refused });
  for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>('#controls input, #controls select, #controls button')) control.disabled = !live;
  if (view) syncSeats(view.meta.seats);
  if (!options) return;
  syncKinds(options.betKinds);
  const { limits } = options;
  const range = { min: money(limits.min), max: money(limits.max), sideMin: money(limits.sideMin), sideMax: money(limits.sideMax) };
  $('limits').textContent = t(options.betKinds.length > 1 ? 'play.limitsSide' : 'play.limits', range);
  const betting = live && options.betting;
  $<HTMLButtonElement>('place-bet').disabled = !betting;
  $<HTMLButtonElement>('cancel-bet').disabled = !betting;
  $('bet-state').textContent = options.betting ? t('play.bettingOpen') : t('play.noBetsNow', { stage: view ? stageText(view.table) : t('play.waitingTable') });
  $('awaiting').textContent = awaitingText(options.awaiting, options.botSeat);
  const allowed = new Set<string>(options.actions);
  if (options.followers.length > 0) for (const follow of Object.keys(FOLLOW)) allowed.add(follow);
  for (const button of $('actions').querySelectorAll('button')) {
    button.hidden = !allowed.has(button.dataset.action ?? '');
    button.disabled = !live;
  }
  syncAmount();
}

function stake(): number | null {
  const amount = parseMoney($<HTMLInputElement>('stake').value);
  if (amount === null || amount <= 0) say(t('play.stakeHint', { example: moneyInput(1000) }), 'refused');
  return amount;
}

async function send(path: string, body: unknown, done: string): Promise<void> {
  const { status, answer } = await postCommand(path, body, token);
  if (status === 401 || status === 403) refuse(refusedReason(answer, status));
  if (answer.ok) say(done, 'ok');
  else say(t('play.refused', { reason: answer.reason || answer.refused ? refusalWords(answer, status) : t('play.noReason') }), 'refused');
  void askOptions();
}

async function placeBet(): Promise<void> {
  const amount = stake();
  if (amount === null || amount <= 0) return;
  const seat = Number($<HTMLSelectElement>('seat').value);
  const kind = $<HTMLSelectElement>('kind').value || 'main';
  const player = $<HTMLInputElement>('player').value.trim();
  await send(COMMAND_PATHS.bet, { seat, player, amount, kind }, t('play.placed', { kind: betKindLabel(kind), seat, player, amount: money(amount) }));
}

async function cancelBet(): Promise<void> {
  const seat = Number($<HTMLSelectElement>('seat').value);
  const kind = $<HTMLSelectElement>('kind').value || 'main';
  const player = $<HTMLInputElement>('player').value.trim();
  await send(COMMAND_PATHS.cancelBet, { seat, player, kind }, t('play.cancelled', { kind: betKindLabel(kind), seat, player }));
}

async function decide(action: string): Promise<void> {
  const awaiting = options?.awaiting;
  if (!options || !awaiting) return;
  const { seat, hand } = awaiting;
  const done = t('play.decided', { action: actionLabel(action), seat });
  if (FOLLOW[action]) return send(COMMAND_PATHS.follow, { seat, player: $<HTMLInputElement>('player').value.trim(), follow: FOLLOW[action] }, done);
  const range = action === 'double' ? options.amounts.double : action === 'insurance' ? options.amounts.insurance : undefined;
  let amount: number | null | undefined;
  if (range) {
    amount = parseMoney($<HTMLInputElement>('amount').value);
    if (amount === null || amount < range.min || amount > range.max) {
      say(t('play.amountHint', { min: money(range.min), max: money(range.max) }), 'refused');
      return;
    }
  }
  const extra = amount === undefined ? {} : { amount };
  if (OFFER_ANSWERS.includes(action)) return send(COMMAND_PATHS.offer, { seat, action, ...extra }, done);
  return send(COMMAND_PATHS.decision, { seat, hand, action, ...extra }, done);
}

$<HTMLButtonElement>('place-bet').addEventListener('click', () => void placeBet());
$<HTMLButtonElement>('cancel-bet').addEventListener('click', () => void cancelBet());

showPublicTable((next, status) => {
  const changed = next !== view;
  view = next;
  connection = status;
  update();
  if (changed && next) void askOptions();
});
void askOptions();
