// The countdown bars, drawn every frame from the deadlines in the view (server time): the decision
// countdown (`table.countdown`) and, when the view carries one, the betting countdown
// (`bettingCountdown`). A bar is `.countdown[data-countdown="decision"|"betting"]`.
import type { CountdownView, TableView } from '../../../app/displays/table-view.js';
import { t } from './i18n.js';

/** A running countdown: its deadline (server time, ms), its length, and the server's clock less the display's. */
interface Timer {
  readonly deadline: number;
  readonly seconds: number;
  readonly offsetMs: number;
}

/** Which bar a countdown fills. */
export type CountdownName = 'decision' | 'betting';

const current = new Map<string, Timer>();

function toTimer(countdown: CountdownView | null, offsetMs: number): Timer | null {
  if (!countdown || typeof countdown.deadline !== 'string' || !(countdown.seconds > 0)) return null;
  const deadline = Date.parse(countdown.deadline);
  return Number.isFinite(deadline) ? { deadline, seconds: countdown.seconds, offsetMs } : null;
}

/** Sets one named countdown (null stops it). */
export function setNamedCountdown(name: CountdownName, countdown: CountdownView | null, offsetMs: number): void {
  const timer = toTimer(countdown, offsetMs);
  if (timer) current.set(name, timer);
  else current.delete(name);
}

/** The decision countdown (kept for the pages that set only this one). */
export function setCountdown(countdown: CountdownView | null, offsetMs: number): void {
  setNamedCountdown('decision', countdown, offsetMs);
}

/** Both countdowns from a view: the decision's in its table, the betting one wherever the view carries it. */
export function setCountdownsFrom(view: { readonly table: TableView; readonly bettingCountdown?: CountdownView | null } | null, offsetMs: number): void {
  setNamedCountdown('decision', view?.table.countdown ?? null, offsetMs);
  setNamedCountdown('betting', view?.table.bettingCountdown ?? view?.bettingCountdown ?? null, offsetMs);
}

const LABELS: Readonly<Record<CountdownName, (seconds: number) => string>> = {
  decision: (seconds) => t('countdown.decision', { seconds }),
  betting: (seconds) => t('countdown.betting', { seconds }),
};

function draw(): void {
  for (const bar of document.querySelectorAll<HTMLElement>('.countdown')) {
    const name = bar.getAttribute('data-countdown') ?? 'decision';
    const timer = current.get(name);
    // Betting open, no bet yet: the bar stands full and says so (table.ts) — unless the view runs a countdown after all.
    if (bar.hasAttribute('data-waits')) {
      if (!timer) continue;
      bar.removeAttribute('data-waits');
      bar.classList.remove('waiting');
    }
    const fill = bar.querySelector<HTMLElement>('.countdown-fill');
    const label = bar.querySelector('.countdown-seconds');
    if (!timer || !fill || !label) {
      bar.classList.add('idle');
      continue;
    }
    const left = Math.max(0, timer.deadline - (Date.now() + timer.offsetMs));
    const share = Math.min(1, left / (timer.seconds * 1000));
    bar.classList.remove('idle');
    bar.classList.toggle('urgent', left < 5000);
    fill.style.width = `${(share * 100).toFixed(1)}%`;
    label.textContent = (name === 'betting' ? LABELS.betting : LABELS.decision)(Math.ceil(left / 1000));
  }
  requestAnimationFrame(draw);
}

requestAnimationFrame(draw);
