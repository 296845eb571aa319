// The countdown bars, drawn every frame from the deadlines in the view (server time): the decision
// countdown (`table.countdown`) and, when the view carries one, the betting countdown
// (`bettingCountdown`). A bar is `.countdown[data-countdown="decision"|"betting"]`.
import { t } from './i18n.js';

const current = new Map();

function toTimer(countdown, offsetMs) {
  if (!countdown || typeof countdown.deadline !== 'string' || !(countdown.seconds > 0)) return null;
  const deadline = Date.parse(countdown.deadline);
  return Number.isFinite(deadline) ? { deadline, seconds: countdown.seconds, offsetMs } : null;
}

/** Sets one named countdown (null stops it). */
export function setNamedCountdown(name, countdown, offsetMs) {
  const timer = toTimer(countdown, offsetMs);
  if (timer) current.set(name, timer);
  else current.delete(name);
}

/** The decision countdown (kept for the pages that set only this one). */
export function setCountdown(countdown, offsetMs) {
  setNamedCountdown('decision', countdown, offsetMs);
}

/** Both countdowns from a view: the decision's in its table, the betting one wherever the view carries it. */
export function setCountdownsFrom(view, offsetMs) {
  setNamedCountdown('decision', view?.table?.countdown ?? null, offsetMs);
  setNamedCountdown('betting', view?.table?.bettingCountdown ?? view?.bettingCountdown ?? null, offsetMs);
}

const LABELS = {
  decision: (seconds) => t('countdown.decision', { seconds }),
  betting: (seconds) => t('countdown.betting', { seconds }),
};

function draw() {
  for (const bar of document.querySelectorAll('.countdown')) {
    const name = bar.getAttribute('data-countdown') ?? 'decision';
    const timer = current.get(name);
    const fill = bar.querySelector('.countdown-fill');
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
    label.textContent = (LABELS[name] ?? LABELS.decision)(Math.ceil(left / 1000));
  }
  requestAnimationFrame(draw);
}

requestAnimationFrame(draw);
