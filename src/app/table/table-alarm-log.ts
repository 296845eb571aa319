// Operators' alarms in the console log: every pause, resume, cleared fault, recovery, voided round and
// lost link reaches the log at WARN or ERROR with the table id, so an alert can be raised on them ("alert
// on level >= 40"); a link coming up or closing is routine and logged at INFO. Read from the table's
// durable events (what is logged happened), never from intentions.
import type { Logger } from 'pino';
import type { Observable, Subscription } from 'rxjs';
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableEvent } from '../../round/events.js';
import { factOf, isInputRecord, isNoteRecord } from '../audit/log-records.js';

export interface AlarmLine {
  readonly level: 'error' | 'warn' | 'info';
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

/** The console line a stored event deserves, or null. Pure. */
export function alarmLine(event: StoredEvent): AlarmLine | null {
  if (event.type === 'link.state') {
    const { state, previous, reason } = event.data as { state: string; previous: string; reason: string };
    const fields = { link: state, previous, reason };
    if (state === 'closed') return { level: 'info', fields, message: `shoe link closed (${reason})` };
    if (state === 'up') return { level: 'info', fields, message: `shoe link up (${reason})` };
    if (state === 'down' || state === 'incompatible') return { level: 'error', fields, message: `shoe link ${state}: ${reason}` };
    if (previous === 'up') return { level: 'error', fields, message: `shoe link lost (${state}): ${reason}` };
    return { level: 'info', fields, message: `shoe link ${state}: ${reason}` };
  }
  if (event.type === 'input' || isNoteRecord(event.type) || isInputRecord(event) || event.type === 'table.configured') return null;
  const fact = factOf(event) as TableEvent;
  switch (fact.type) {
    case 'table.paused':
      return fact.fault
        ? { level: 'error', fields: { fault: fact.fault.kind, ...(fact.fault.card ? { card: fact.fault.card } : {}), by: fact.by }, message: `table paused: ${fact.reason}` }
        : { level: 'warn', fields: { by: fact.by }, message: `table paused: ${fact.reason}` };
    case 'table.resumed':
      return { level: 'warn', fields: { by: fact.by }, message: `table resumed${fact.by ? ` by ${fact.by}` : ''}` };
    case 'fault.cleared':
      return { level: 'warn', fields: { fault: fact.fault }, message: `fault cleared: ${fact.fault}` };
    case 'table.recovered':
      return { level: 'warn', fields: { interrupted: fact.interrupted }, message: fact.interrupted ? 'table recovered after a restart: the interrupted round waits, paused, for a resume' : 'table recovered after a restart' };
    case 'round.voided':
      return { level: 'warn', fields: { by: fact.by, reason: fact.reason }, message: `round ${fact.round} voided${fact.reason ? `: ${fact.reason}` : ''}` };
    case 'card.setAside':
      return { level: 'warn', fields: { card: fact.card, by: fact.by }, message: `card ${fact.card} set aside` };
    default:
      return null;
  }
}

/** Logs every alarm line of the table's live events; returns the subscription to end it. */
export function logTableAlarms(events$: Observable<StoredEvent>, tableId: string, logger: Logger): Subscription {
  // A child logger bound to the table already stamps its id; otherwise each line carries it.
  const stamp = logger.bindings()['tableId'] === tableId ? {} : { tableId };
  return events$.subscribe((event) => {
    const line = alarmLine(event);
    if (line) logger[line.level]({ ...stamp, round: event.round, seq: event.seq, ...line.fields }, line.message);
  });
}
