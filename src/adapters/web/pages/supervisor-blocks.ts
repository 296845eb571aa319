// The supervisor console's blocks that show what needs a person: the open faults, the halt and the
// integrity alarms (each with what to do, the raw record one click away), the log in words, the shoe link in
// one line. Builders over the supervisor's view, nothing else (./supervisor.ts places them).
import type { IntegrityAlarm } from '../../../app/displays/integrity-alarms.js';
import type { LinkView } from '../../../app/displays/link-view.js';
import type { OpenFault } from '../../../app/displays/open-faults.js';
import type { HaltView } from '../../../app/displays/halt-view.js';
import type { LogLine } from '../../../app/displays/supervisor-projection.js';
import { h } from './dom.js';
import { cardFace } from './cards.js';
import { t, tOr } from './i18n.js';
import { factWords } from './log-words.js';
import { alarmName, alarmTodo, faultName, faultTodo, haltName, haltTodo, humanize } from './words.js';
import { reasonWords } from './reason-words.js';

/** How many alarms stand in the first viewport; the rest fold under "more". */
const ALARMS_SHOWN = 3;

export function timeOf(iso: unknown): string | null {
  return typeof iso === 'string' && iso.length >= 19 ? iso.slice(11, 19) : null;
}

export function faultLine(fault: OpenFault): HTMLLIElement {
  return h('li', { class: 'fault', 'data-fault': fault.kind }, fault.card ? cardFace(fault.card) : null,
    h('span', { class: 'fault-text' }, h('span', { class: 'fault-name' }, faultName(fault.kind)),
      h('span', { class: 'fault-advice advice' }, faultTodo(fault)),
      h('details', { class: 'raw' }, h('summary', {}, t('sup.raw')), h('code', {}, `#${fault.seq} ${fault.reason}`))));
}

/** The table halted: what happened, what to do, and the table's sentence (the file, the store's error) one click away. */
export function haltLine(halt: HaltView): HTMLLIElement {
  return h('li', { class: 'fault halt', 'data-halt': halt.kind },
    h('span', { class: 'fault-text' }, h('span', { class: 'fault-name' }, `${timeOf(halt.since) ?? ''} ${haltName(halt.kind)}`.trim()),
      h('span', { class: 'fault-advice advice' }, haltTodo(halt.kind)),
      h('details', { class: 'raw' }, h('summary', {}, t('sup.raw')), h('code', {}, reasonWords(halt)))));
}

function alarmLine(alarm: IntegrityAlarm): HTMLLIElement {
  return h('li', { class: `alarm ${alarm.kind}`, 'data-alarm': alarm.kind },
    h('span', { class: 'alarm-name' }, `${timeOf(alarm.wallTime) ?? ''} ${alarmName(alarm.kind)}`),
    h('span', { class: 'advice' }, alarmTodo(alarm.kind)),
    h('details', { class: 'raw' }, h('summary', {}, t('sup.raw')), h('code', {}, `#${alarm.seq} ${alarm.text}`)));
}

export function alarmsBlock(alarms: readonly IntegrityAlarm[]): HTMLElement | (HTMLElement | null)[] {
  if (alarms.length === 0) return h('p', { class: 'muted' }, t('sup.noAlarms'));
  const newest = [...alarms].reverse();
  const rest = newest.slice(ALARMS_SHOWN);
  return [
    h('ul', {}, newest.slice(0, ALARMS_SHOWN).map(alarmLine)),
    rest.length > 0 ? h('details', { class: 'more-alarms' }, h('summary', {}, `+${rest.length}`), h('ul', {}, rest.map(alarmLine))) : null,
  ];
}

/** A log line in words; the link's chatter as one line that counts what it stands for. */
function logWords(line: LogLine): string {
  const chatter = line.chatter;
  if (!chatter) return factWords(line.type, line.data);
  return t('log.linkChatter', { handshakes: chatter.handshakes, counters: chatter.counters, since: timeOf(chatter.since) ?? '' });
}

export function logLine(line: LogLine): HTMLLIElement {
  return h('li', { 'data-type': line.type, 'data-chatter': line.chatter ? '' : null },
    h('details', { class: 'raw' },
      h('summary', {}, h('span', { class: 'log-time' }, `${timeOf(line.wallTime) ?? ''} `), logWords(line)),
      h('code', {}, `#${line.seq} r${line.round} ${line.type} ${JSON.stringify(line.data)}`)));
}

/** The shoe link in one line (state, since, counters: all zero or how many are not), the details one click away. */
export function linkBlock(link: LinkView | null | undefined): HTMLElement {
  if (!link || typeof link !== 'object') return h('p', { class: 'muted' }, t('sup.noLink'));
  const state = String(link.state ?? 'unknown');
  const since = timeOf(link.since);
  const counters = Object.entries(link.counters && typeof link.counters === 'object' ? link.counters : {});
  // Traffic counters (frames received, sent) grow by themselves; an error counter above zero is worth a look.
  const isError = (name: string, value: unknown): boolean => typeof value === 'number' && value !== 0 && !/received|sent/i.test(name);
  const nonZero = counters.filter(([name, value]) => isError(name, value));
  /** A detail's name, its value and whether it is worth a look. */
  type Row = readonly [string, unknown, boolean];
  const all: Row[] = [
    [t('sup.serial'), link.serial, false], [t('sup.firmware'), link.firmware, false],
    ...counters.map(([name, value]): Row => [humanize(name), value, isError(name, value)]),
  ];
  const rows = all.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const summary = counters.length === 0 ? '' : nonZero.length === 0 ? t('sup.countersAllZero') : t('sup.countersNonZero', { count: nonZero.length });
  return h('details', { class: 'link-details', 'data-link': state },
    h('summary', {},
      h('span', { class: `link-state ${state}`, 'data-link-state': state }, tOr(`link.${state}`, humanize(state))),
      since ? ` ${t('sup.since', { time: since })}` : '',
      link.reason ? h('span', { class: 'muted' }, ` (${reasonWords(link)})`) : null,
      summary ? h('span', { class: `link-summary${nonZero.length > 0 ? ' nonzero' : ''}` }, ` · ${summary}`) : null),
    rows.length > 0 ? h('dl', {}, rows.map(([name, value, hot]) => [h('dt', {}, name), h('dd', { class: hot ? 'nonzero' : null }, typeof value === 'object' ? JSON.stringify(value) : String(value))])) : null);
}
