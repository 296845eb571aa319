// The log reader of the library entry: a table's SQLite log (written by `shoe start` or `shoe run`) read
// page by page as inputs and facts, for tools outside the product (docs/qa.md).
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { exportSession } from '../app/audit/export-session.js';
import { factOf, isInputRecord, isNoteRecord, recordedInput, CONFIGURED_RECORD, type InputOrigin } from '../app/audit/log-records.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import type { TableEvent } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';

export type LogEntry =
  | { readonly kind: 'input'; readonly seq: number; readonly round: number; readonly input: TableInput; readonly origin: InputOrigin; readonly wallTime: string }
  | { readonly kind: 'fact'; readonly seq: number; readonly round: number; readonly fact: TableEvent }
  | { readonly kind: 'configured'; readonly seq: number; readonly rulesName: string; readonly rulesId: string; readonly rules: unknown }
  | { readonly kind: 'note'; readonly seq: number; readonly type: string; readonly data: unknown };

/** Every entry of the log in order; the file is closed when the iteration ends. */
export async function* readTableLog(path: string): AsyncGenerator<LogEntry> {
  const { store, tableId } = openTableFile(path);
  try {
    for await (const page of readLogPages(store, tableId)) {
      for (const e of page) {
        if (isInputRecord(e)) {
          const { input, origin } = recordedInput(e);
          yield { kind: 'input', seq: e.seq, round: e.round, input, origin, wallTime: String(e.wallTime) };
        } else if (e.type === CONFIGURED_RECORD) {
          const d = e.data as unknown as { rulesName: string; rulesId: string; rules: unknown };
          yield { kind: 'configured', seq: e.seq, rulesName: d.rulesName, rulesId: d.rulesId, rules: d.rules };
        } else if (isNoteRecord(e.type)) yield { kind: 'note', seq: e.seq, type: e.type, data: e.data };
        else yield { kind: 'fact', seq: e.seq, round: e.round, fact: factOf(e) };
      }
    }
  } finally {
    await store.close();
  }
}

/** The log's inputs as a session `shoe replay` reads (what `shoe export` prints). */
export async function exportTableLog(path: string): Promise<TableInput[]> {
  const { store, tableId } = openTableFile(path);
  try {
    const inputs: TableInput[] = [];
    for await (const page of readLogPages(store, tableId)) inputs.push(...exportSession(page));
    return inputs;
  } finally {
    await store.close();
  }
}
