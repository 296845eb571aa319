// The controller's own health on the dealer's and the supervisor's pages: what /readyz reports as not
// ready (the log cannot be written, the table halted, the shoe link down) or degraded (the floor's NATS
// away) is shown at the top, in words, until it clears. Read from /api/health, the same judgement
// answered with 200. Polled: it must show even when the table's
// view stream has stopped moving.
import { h, replace } from './dom.js';

const EVERY_MS = 3000;

export function watchHostHealth(id) {
  const element = document.getElementById(id);
  if (!element) return;
  const show = (problems, degraded) => {
    const lines = [...problems.map((p) => ['problem', p]), ...degraded.map((d) => ['degraded', d])];
    element.hidden = lines.length === 0;
    element.className = `host-alarm ${problems.length > 0 ? 'problem' : 'degraded'}`;
    replace(id, ...lines.map(([kind, text]) => h('span', { class: `host-line ${kind}` }, text)));
  };
  const poll = async () => {
    try {
      const response = await fetch('/api/health');
      const body = await response.json();
      // The shoe link has its own place on both pages; the rest belongs here.
      const problems = (body.problems ?? []).filter((p) => !/^shoe link |^no shoe link/.test(p));
      show(problems, body.degraded ?? []);
    } catch {
      show(['the controller does not answer: check the service (systemctl status) and its log'], []);
    }
  };
  void poll();
  setInterval(poll, EVERY_MS);
}
