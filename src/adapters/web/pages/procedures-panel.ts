// The supervisor's procedures (docs/procedures.md): an unread card entered, a misread card corrected, a
// misplaced card's move recorded, a card burned with its cause, the reshuffled discards loaded. One form: the
// card, the box (no seat: the dealer), the cause; each button sends its command with the fields it takes,
// and the round machine says whether it fits now (a refusal is shown in words, as for the other controls).
import { COMMAND_PATHS } from '../route-paths.js';
import { postCommand, type Answer } from './api.js';
import { byId } from './dom.js';
import { t } from './i18n.js';

export type Procedure = 'enterCard' | 'correctCard' | 'moveCard' | 'burnCard' | 'loadDiscards';
export const PROCEDURES: readonly Procedure[] = ['enterCard', 'correctCard', 'moveCard', 'burnCard', 'loadDiscards'];

/** The body each procedure sends, from the form's fields. */
function bodyOf(name: Procedure): Record<string, unknown> {
  const card = byId<HTMLInputElement>('proc-card').value.trim().toUpperCase();
  const seatText = byId<HTMLInputElement>('proc-seat').value.trim();
  const handText = byId<HTMLInputElement>('proc-hand').value.trim();
  // Hands count from 1 on the page, from 0 in the API.
  const box = { ...(seatText ? { seat: Number(seatText) } : {}), ...(handText ? { hand: Number(handText) - 1 } : {}) };
  switch (name) {
    case 'enterCard': return { card };
    case 'correctCard': case 'moveCard': return { card, ...box };
    case 'burnCard': return { cause: byId<HTMLSelectElement>('proc-cause').value };
    case 'loadDiscards': return {};
  }
}

/** Wires the panel's buttons; `answered` shows the outcome as the other controls do. */
export function wireProcedures(token: string, answered: (label: string, status: number, answer: Answer) => void): void {
  for (const name of PROCEDURES) {
    document.querySelector(`[data-procedure="${name}"]`)?.addEventListener('click', () => {
      void postCommand(COMMAND_PATHS[name], bodyOf(name), token).then(({ status, answer }) => answered(t(`sup.${name}`), status, answer));
    });
  }
}

/** The panel's buttons and fields usable only while the console is live. */
export function enableProcedures(live: boolean): void {
  for (const name of PROCEDURES) {
    const button = document.querySelector<HTMLButtonElement>(`[data-procedure="${name}"]`);
    if (button) button.disabled = !live;
  }
  for (const id of ['proc-card', 'proc-seat', 'proc-hand', 'proc-cause']) byId<HTMLInputElement>(id).disabled = !live;
}
