// `shoe shift-report` at work (verbs/shift-report.ts declares it): every event of the tables' logs, or of
// the floor's copy, through one fold (src/app/floor/shift-figures.ts) a page or a message at a time, then
// the figures in the format asked for (./shift-report-format.ts).
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { JetStreamLog } from '../adapters/store/jetstream-log.js';
import { OrderedReader } from '../adapters/store/ordered-reader.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import { DealerOnDuty } from '../app/floor/dealer-on-duty.js';
import { ShiftFigures } from '../app/floor/shift-figures.js';
import type { StoredEvent } from '../ports/event-store.js';
import type { CommandIO } from './command-spec.js';
import { connectOrExplain, jetStreamOf } from './connect-nats.js';
import { findTableLogs } from './find-table-logs.js';
import { FloorTables } from './floor-tables.js';
import { formatShiftReport, type ShiftFormat } from './shift-report-format.js';
import { UsageError } from './usage-error.js';
import { OperatorError } from './operator-error.js';

export interface ShiftReportOptions {
  readonly logs: readonly string[];
  readonly nats: string | undefined;
  readonly from: string;
  readonly to: string;
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly tables: string | undefined;
  readonly format: ShiftFormat;
}

async function foldLogs(files: readonly string[], figures: ShiftFigures): Promise<void> {
  for (const file of files) {
    const { store, tableId } = openTableFile(file);
    try {
      for await (const page of readLogPages(store, tableId)) for (const event of page) figures.push(event);
    } finally {
      await store.close();
    }
  }
}

/** Every message the stream holds now, through one consumer over every table's subject. */
async function foldFloor(o: ShiftReportOptions, url: string, figures: ShiftFigures, stderr: CommandIO['stderr']): Promise<void> {
  const nc = await connectOrExplain(url);
  try {
    const jsm = await jetStreamOf(nc, url);
    const log = await JetStreamLog.open(nc, { streamName: o.stream, subjectPrefix: o.subjectPrefix });
    const { state } = await jsm.streams.info(log.streamName);
    if (state.messages === 0) return;
    // Through the loss of a cluster node: a consumer whose node is lost is made again on a live one, after
    // the last event read (src/adapters/store/ordered-reader.ts).
    const messages = new OrderedReader({
      connection: nc, stream: log.streamName, clock: realClock(), consumer: { filterSubjects: log.subjectPattern },
      onRemade: () => void stderr.write('shoe shift-report: the floor\'s consumer stopped answering (a NATS node lost?): reading on from a new one on a live node\n'),
    });
    const decoder = new TextDecoder();
    for await (const m of messages) {
      figures.push(JSON.parse(decoder.decode(m.data)) as StoredEvent);
      if (m.seq >= state.last_seq) break; // leaving the loop closes the reader
    }
  } finally {
    await nc.close();
  }
}

export async function shiftReport(o: ShiftReportOptions, io: CommandIO): Promise<number> {
  for (const [name, value] of [['--from', o.from], ['--to', o.to]] as const) if (Number.isNaN(Date.parse(value))) throw new UsageError(`${name} takes an ISO time, not "${value}"`);
  if (Date.parse(o.from) >= Date.parse(o.to)) throw new UsageError(`--to (${o.to}) must come after --from (${o.from})`);
  const tables = FloorTables.read(o.tables);
  const figures = new ShiftFigures({ from: o.from, to: o.to }, new DealerOnDuty((tableId) => tables.dealer(tableId)));
  if (o.nats !== undefined) await foldFloor(o, o.nats, figures, io.stderr);
  else {
    const files = findTableLogs(o.logs);
    if (files.length === 0) throw new OperatorError(`no table logs in ${o.logs.join(' ')}`);
    await foldLogs(files, figures);
  }
  const currencies = new Set([...figures.tables.keys()].map((t) => tables.currency(t)));
  if (currencies.size > 1) throw new OperatorError(`the tables keep several currencies (${[...currencies].sort().join(', ')}): report each currency's tables apart`);
  io.stdout.write(formatShiftReport(figures, { from: o.from, to: o.to, currency: [...currencies][0] ?? tables.currency(''), format: o.format }));
  return 0;
}
