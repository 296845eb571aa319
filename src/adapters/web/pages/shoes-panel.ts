// The supervisor's Shoes section (docs/procedures.md, "Shoe change and end-of-shoe reconciliation", "Missing
// cards"): each removed shoe's receipt, newest first, from the supervisor's view — when and how it was removed,
// the cards loaded, drawn (dealt, burned, set aside), foreign and left, the stub as counted by hand and the cards
// missing — and what to check for each anomaly, in words. Under the list, the stub count's form: the count of the
// shoe last removed, sent as POST /api/supervisor/count-stub; the round machine says whether it fits (a refusal
// is shown in words, as for the other controls). The list is drawn again with each view; the form is not, so a
// count being typed stays.
import type { ShoeReceiptView } from '../../../app/displays/shoe-receipts.js';
import { COMMAND_PATHS } from '../route-paths.js';
import { postCommand, type Answer } from './api.js';
import { byId, h, type Attributes } from './dom.js';
import { t, tOr } from './i18n.js';
import { stubWords } from './log-words.js';

function timeOf(iso: string): string {
  return iso.length >= 19 ? iso.slice(11, 19) : iso;
}

/** What a person must check on a shoe, in words: its receipt's anomalies, then its stub count's. */
function checks(shoe: ShoeReceiptView): string[] {
  const named = shoe.anomalies.map((a) => tOr(`shoes.anomaly.${a}`, a));
  const missing = shoe.stubCount?.missing ?? 0;
  if (missing > 0) named.push(t('shoes.anomaly.cardsMissing'));
  if (missing < 0) named.push(t('shoes.anomaly.cardsOver'));
  return named;
}

function shoeItem(shoe: ShoeReceiptView): HTMLLIElement {
  const row = (key: string, value: string, attrs: Attributes = {}) => [h('dt', {}, t(key)), h('dd', attrs, value)];
  const stub = shoe.stubCount;
  const look = checks(shoe);
  return h('li', { class: `shoe-receipt${look.length > 0 ? ' needs-look' : ''}`, 'data-shoe': shoe.shoe },
    h('h3', {}, t('shoes.title', { shoe: shoe.shoe }), ' ',
      h('span', { class: 'muted' }, t('shoes.removedAt', { time: timeOf(shoe.wallTime), how: tOr(`shoes.removal.${shoe.removal}`, shoe.removal) }))),
    h('dl', { class: 'shoe-counts' },
      row('shoes.loaded', String(shoe.loaded)),
      row('shoes.drawn', t('shoes.drawnValue', { drawn: shoe.drawn, dealt: shoe.dealt, burned: shoe.burned, inPlay: shoe.burnedInPlay, setAside: shoe.setAside })),
      row('shoes.foreign', String(shoe.foreign)),
      row('shoes.left', String(shoe.left)),
      row('shoes.stub', stub ? `${stubWords(stub.stub, stub.missing)} (${t('shoes.stubBy', { by: stub.by ?? '—', time: timeOf(stub.wallTime) })})` : t('shoes.stubNotCounted'), { 'data-missing': stub?.missing ?? null })),
    look.length > 0 ? h('ul', { class: 'shoe-checks advice' }, look.map((words) => h('li', {}, words))) : h('p', { class: 'muted' }, t('shoes.nothingWrong')));
}

/** The list of removed shoes, newest first (the view keeps them so). */
export function shoesBlock(shoes: readonly ShoeReceiptView[] | undefined): HTMLElement {
  if (!shoes || shoes.length === 0) return h('p', { class: 'muted' }, t('shoes.none'));
  return h('ol', { class: 'shoe-receipts' }, shoes.map(shoeItem));
}

/** The shoe whose stub may be counted now: the shoe last removed, while its stub is not counted. */
function countable(shoes: readonly ShoeReceiptView[] | undefined): ShoeReceiptView | null {
  const last = shoes?.[0];
  return last && last.stubCount === null ? last : null;
}

let waiting: ShoeReceiptView | null = null;

/** The form follows the view: it names the shoe to count, and is usable only while the console is live and one waits. */
export function updateStubForm(shoes: readonly ShoeReceiptView[] | undefined, live: boolean): void {
  waiting = countable(shoes);
  byId('stub-label').textContent = waiting ? t('shoes.countLabel', { shoe: waiting.shoe }) : t('shoes.countNothing');
  const usable = live && waiting !== null;
  byId<HTMLInputElement>('stub-count').disabled = !usable;
  byId<HTMLButtonElement>('stub-send').disabled = !usable;
}

/** Wires the form's button; `answered` shows the outcome as the other controls do, beside the form. */
export function wireStubForm(token: string, answered: (label: string, status: number, answer: Answer, target: string) => void): void {
  const field = byId<HTMLInputElement>('stub-count');
  const send = async (): Promise<void> => {
    const text = field.value.trim();
    // The count as typed (the round machine refuses a negative or oversized one; the API a malformed one).
    const body = { stub: text === '' ? -1 : Number(text), ...(waiting ? { shoe: waiting.shoe } : {}) };
    const { status, answer } = await postCommand(COMMAND_PATHS.countStub, body, token);
    answered(t('sup.countStub'), status, answer, 'stub-outcome');
    if (answer.ok) field.value = '';
  };
  byId('stub-send').addEventListener('click', () => void send());
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void send();
    }
  });
}
