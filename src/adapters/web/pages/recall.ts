// The supervisor's recall of the last rounds: every step of each round in words (the raw fact one click
// away), newest round first; a voided round says so, with its reason, in its summary.
import type { RecalledRound, RecalledStep } from '../../../app/audit/recall-rounds.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { factWords } from './log-words.js';
import { reasonWords, type CodedReason } from './reason-words.js';

function rawText(step: RecalledStep): string {
  const { type, ...all } = step.fact;
  const fields: Record<string, unknown> = all;
  delete fields.round;
  const detail = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' ');
  return `#${step.seq} ${type} ${detail}${step.by ? ` — ${step.by}` : ''}`;
}

function stepLine(step: RecalledStep): HTMLLIElement {
  return h('li', { 'data-type': step.fact.type },
    h('details', { class: 'raw' }, h('summary', {}, factWords(step.fact.type, step.fact), step.by ? h('span', { class: 'muted' }, ` — ${step.by}`) : null), h('code', {}, rawText(step))));
}

export function recallBlock(rounds: readonly RecalledRound[]): HTMLElement | HTMLElement[] {
  if (rounds.length === 0) return h('p', { class: 'muted' }, t('recall.none'));
  return [...rounds].reverse().map((round) => {
    const voided = round.steps.find((s) => s.fact.type === 'round.voided');
    const why: CodedReason | null = voided && 'reason' in voided.fact && voided.fact.reason ? voided.fact as CodedReason : null;
    const mark = voided ? h('span', { class: 'voided-mark', 'data-voided': '' }, ` ${why ? t('recall.voided', { reason: reasonWords(why) }) : t('recall.voidedNoReason')}`) : null;
    return h('details', { class: `recalled-round${voided ? ' voided' : ''}`, 'data-round': round.round },
      h('summary', {}, t('recall.round', { round: round.round, count: round.steps.length }), mark),
      h('ol', {}, round.steps.map(stepLine)));
  });
}
