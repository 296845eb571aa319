// The controller's own health on the dealer's and the supervisor's pages: what /readyz reports as not
// ready (the log cannot be written, the table halted, the shoe link down) or degraded (the floor's NATS
// away) is shown at the top until it clears, and the live chip turns amber or red with the reason
// (`onHealth`). Read from /api/health, the same judgement answered with 200. Polled: it must show even
// when the table's view stream has stopped moving. /api/health's lines are sentences without a code: they
// are shown as they came (docs/web-api.md, "Language").
import { READ_PATHS } from '../route-paths.js';
import { h, replace } from './dom.js';
import { t } from './i18n.js';

/** What the page reads of /api/health (src/adapters/web/health-routes.ts). */
interface HealthAnswer {
  readonly problems?: readonly string[];
  readonly degraded?: readonly string[];
}

/** The live chip's colour and words, with the detail behind it. */
export interface HealthChip {
  readonly tone: 'green' | 'amber' | 'red';
  readonly text: string;
  readonly detail: string;
}

const EVERY_MS = 3000;

const SHOE_LINK = /^shoe link |^no shoe link/;

/** The chip's tone and words: red when the shoe link is down or the controller is not ready, amber while the link is being made or the floor is away. */
export function healthChip(problems: readonly string[], degraded: readonly string[], silent = false): HealthChip {
  if (silent) return { tone: 'red', text: t('chip.controllerSilent'), detail: t('host.silent') };
  const shoe = problems.find((p) => SHOE_LINK.test(p));
  // A link still being made is amber; a link that was up and is gone is red.
  if (shoe === 'shoe link connecting' || shoe === 'no shoe link' || shoe === 'shoe link handshaking') return { tone: 'amber', text: t('chip.shoeConnecting'), detail: shoe };
  if (shoe) return { tone: 'red', text: t('chip.shoeDown'), detail: shoe };
  if (problems.length > 0) return { tone: 'red', text: t('chip.problem'), detail: problems.join('; ') };
  if (degraded.length > 0) return { tone: 'amber', text: t('chip.floorAway'), detail: degraded.join('; ') };
  return { tone: 'green', text: t('chip.live'), detail: '' };
}

export function watchHostHealth(id: string, onHealth: (chip: HealthChip) => void = () => {}): void {
  const element = document.getElementById(id);
  if (!element) return;
  const show = (problems: readonly string[], degraded: readonly string[]): void => {
    const lines = [...problems.map((p) => ['problem', p] as const), ...degraded.map((d) => ['degraded', d] as const)];
    element.hidden = lines.length === 0;
    element.className = `host-alarm ${problems.length > 0 ? 'problem' : 'degraded'}`;
    replace(id, ...lines.map(([kind, text]) => h('span', { class: `host-line ${kind}` }, text)));
  };
  const poll = async () => {
    try {
      const response = await fetch(READ_PATHS.health);
      const body = await response.json() as HealthAnswer;
      const all = body.problems ?? [];
      // The shoe link has its own place on both pages (the chip, the faults); the rest belongs here.
      show(all.filter((p) => !SHOE_LINK.test(p)), body.degraded ?? []);
      onHealth(healthChip(all, body.degraded ?? []));
    } catch {
      show([t('host.silent')], []);
      onHealth(healthChip([], [], true));
    }
  };
  void poll();
  setInterval(poll, EVERY_MS);
}
