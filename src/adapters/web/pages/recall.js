// The supervisor's recall of the last rounds: every step of each round, newest round first.
import { h } from './dom.js';

function stepText(step) {
  const { type, ...fields } = step.fact;
  delete fields.round;
  const detail = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' ');
  return `#${step.seq} ${type} ${detail}${step.by ? ` — ${step.by}` : ''}`;
}

export function recallBlock(rounds) {
  if (rounds.length === 0) return h('p', { class: 'muted' }, 'No round played yet.');
  return [...rounds].reverse().map((round) =>
    h('details', { class: 'recalled-round', 'data-round': round.round },
      h('summary', {}, `Round ${round.round} — ${round.steps.length} steps`),
      h('ol', {}, round.steps.map((step) => h('li', {}, stepText(step))))));
}
