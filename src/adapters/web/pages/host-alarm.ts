// The controller's own health on the dealer's and the supervisor's pages: what /readyz reports as not
// ready (the log cannot be written, the table halted, the shoe link down) or degraded (the floor's NATS
// away) is shown at the top until it clears, and the live chip turns amber or red with the reason
// (`onHealth`). Read from /api/health, the same judgement answered with 200. Polled: it must show even
// when the table's view stream has stopped moving. The shoe link's state is a code the answer names
// (`link`): the chip says it in the page's words (`reason.noShoeLink`, `reason.shoeLinkState`). The other
// lines come with their codes and values (`problemReasons`, `degradedReasons`: src/adapters/web/health-reasons.ts)
// and are shown in the page's language; a line without one, as it came. A problem the page shows
// by itself from its view, in its own words, is left out here (`covered`: a halted table's view carries
// the log that cannot be written, docs/operations.md, "Storage faults").
import { READ_PATHS } from '../route-paths.js';
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { reasonIn, reasonWords, type CodedReason } from './reason-words.js';

/** What the page reads of /api/health (src/adapters/web/health-routes.ts). */
export interface HealthAnswer {
  readonly problems?: readonly string[];
  /** The same problems, in the same order, with their codes and values. */
  readonly problemReasons?: readonly CodedReason[];
  readonly degraded?: readonly string[];
  /** The degraded lines, in the same order, with their codes and values. */
  readonly degradedReasons?: readonly CodedReason[];
  /** The shoe link's state (`up`, `connecting`, `down` …), null when the table has no link. */
  readonly link?: string | null;
}

/** The live chip's colour and words, with the detail behind it. */
export interface HealthChip {
  readonly tone: 'green' | 'amber' | 'red';
  readonly text: string;
  readonly detail: string;
}

const EVERY_MS = 3000;

/** A link still being made (amber); any other state but up is a link that was up and is gone (red). */
const BEING_MADE: ReadonlySet<string | null> = new Set([null, 'connecting', 'handshaking']);

/** The shoe link's state as a reason's code; null while it is up, or when the answer does not say. */
function linkReason(link: string | null | undefined): CodedReason | null {
  if (link === undefined || link === 'up') return null;
  return link === null ? { code: 'noShoeLink', params: {} } : { code: 'shoeLinkState', params: { state: link } };
}

/** The lines as the page says them: each with its code when the answer gives one for every line. */
function coded(lines: readonly string[] | undefined, reasons: readonly CodedReason[] | undefined): readonly CodedReason[] {
  const plain = lines ?? [];
  return reasons?.length === plain.length ? reasons.map((r, i) => ({ ...r, reason: plain[i] })) : plain.map((reason) => ({ reason }));
}

const LINK_CODES: ReadonlySet<unknown> = new Set(['noShoeLink', 'shoeLinkState']);

/** The problems less the shoe link's own line (its code, or the English message of the link's code). */
function besidesLink(answer: HealthAnswer): readonly CodedReason[] {
  const link = linkReason(answer.link);
  const line = link ? reasonIn('en', link) : null;
  return coded(answer.problems, answer.problemReasons).filter((problem) => !LINK_CODES.has(problem.code) && problem.reason !== line);
}

const words = (lines: readonly CodedReason[]): string => lines.map((line) => reasonWords(line)).join('; ');

/** The chip's tone and words: red when the shoe link is down or the controller is not ready, amber while the link is being made or the floor is away. */
export function healthChip(answer: HealthAnswer, silent = false): HealthChip {
  if (silent) return { tone: 'red', text: t('chip.controllerSilent'), detail: t('host.silent') };
  const link = linkReason(answer.link);
  if (link) return BEING_MADE.has(answer.link ?? null)
    ? { tone: 'amber', text: t('chip.shoeConnecting'), detail: reasonWords(link) }
    : { tone: 'red', text: t('chip.shoeDown'), detail: reasonWords(link) };
  const problems = besidesLink(answer);
  const degraded = coded(answer.degraded, answer.degradedReasons);
  if (problems.length > 0) return { tone: 'red', text: t('chip.problem'), detail: words(problems) };
  if (degraded.length > 0) return { tone: 'amber', text: t('chip.floorAway'), detail: words(degraded) };
  return { tone: 'green', text: t('chip.live'), detail: '' };
}

/** The answer less the problems whose code the page shows by itself. */
function uncovered(answer: HealthAnswer, covered: ReadonlySet<string>): HealthAnswer {
  const problems = answer.problems ?? [];
  if (covered.size === 0 || answer.problemReasons?.length !== problems.length) return answer;
  const keep = answer.problemReasons.map((p) => typeof p.code !== 'string' || !covered.has(p.code));
  return { ...answer, problems: problems.filter((_, i) => keep[i]), problemReasons: answer.problemReasons.filter((_, i) => keep[i]) };
}

const NOTHING_COVERED: ReadonlySet<string> = new Set();

/**
 * `covered`: the codes of the problems the page shows by itself now. Returns what the page calls when that
 * changes (its view came): the lines are drawn again from the last answer. The chip always judges the whole answer.
 */
export function watchHostHealth(id: string, onHealth: (chip: HealthChip) => void = () => {}, covered: () => ReadonlySet<string> = () => NOTHING_COVERED): () => void {
  const element = document.getElementById(id);
  if (!element) return () => {};
  const show = (problems: readonly CodedReason[], degraded: readonly CodedReason[]): void => {
    const lines = [...problems.map((p) => ['problem', reasonWords(p)] as const), ...degraded.map((d) => ['degraded', reasonWords(d)] as const)];
    element.hidden = lines.length === 0;
    element.className = `host-alarm ${problems.length > 0 ? 'problem' : 'degraded'}`;
    replace(id, ...lines.map(([kind, text]) => h('span', { class: `host-line ${kind}` }, text)));
  };
  let last: HealthAnswer | null = null;
  const present = (): void => {
    if (!last) return;
    const body = uncovered(last, covered());
    // The shoe link has its own place on both pages (the chip, the faults); the rest belongs here.
    show(besidesLink(body), coded(body.degraded, body.degradedReasons));
  };
  const poll = async () => {
    try {
      const response = await fetch(READ_PATHS.health);
      last = await response.json() as HealthAnswer;
      present();
      onHealth(healthChip(last));
    } catch {
      last = null;
      show([{ reason: t('host.silent') }], []);
      onHealth(healthChip({}, true));
    }
  };
  void poll();
  setInterval(poll, EVERY_MS);
  return present;
}
