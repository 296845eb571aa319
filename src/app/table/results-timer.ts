// The results moment's timer (docs/live-table.md, "The results moment"): when a round settles at a table
// with a results moment the round machine holds (phase active.results) and this timer, after the table
// file's `resultsSeconds`, submits `results.timeout`: the results clear and betting opens. Its expiry is an
// input on the log like the betting countdown's and the decision timer's (ADR 0007), so replay and recall
// show the same moment. A pause stops it; the resume starts it afresh, in full.
import type { Clock } from '../../ports/clock.js';
import type { TableService } from './table-service.js';
import { InputTimer } from './input-timer.js';

export class ResultsTimer extends InputTimer {
  constructor(service: TableService, seconds: number, clock: Clock) {
    super(service, seconds, clock, 'results-timer', ({ table, phase }) =>
      phase === 'active.results' ? { key: `results:${table.round}`, input: { type: 'results.timeout' } } : null);
  }
}

/**
 * The table file's results moment, put on the log when it differs from the one the log holds (a new table
 * with a moment; a changed table file): the round machine holds from the next round that settles. A log
 * that never recorded one deals as it always did.
 */
/** The table file's `shoeReceipt`, put on the log when it differs from the log's (a log without it has none). */
export async function recordShoeReceipts(service: TableService, on: boolean): Promise<void> {
  if ((service.table.shoeReceipts ?? false) === on) return;
  await service.submit({ type: 'receipts.configured', on }, { source: 'system', by: 'controller' });
}

export async function recordResultsMoment(service: TableService, seconds: number): Promise<void> {
  if ((service.table.resultsSeconds ?? 0) === seconds) return;
  await service.submit({ type: 'results.configured', seconds }, { source: 'system', by: 'controller' });
}
