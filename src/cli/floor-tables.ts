// What the floor's verbs know of each table beyond its log: its table file (`--tables DIR`, every
// `*.yaml` / `*.yml` in the folder). The log holds amounts, not the currency (docs/event-log.md,
// "Transactions"), and names no dealer until one takes over on it; a table without a file here is
// told in EUR, the table file's own default, with its dealer unknown.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadTableConfig, TableConfigError } from '../config/table-config.js';
import { OperatorError } from './operator-error.js';

export interface FloorTable {
  readonly currency: string;
  /** The dealer the table file names, if any. */
  readonly dealer: string | undefined;
}

export const DEFAULT_CURRENCY = 'EUR';

export class FloorTables {
  constructor(private readonly tables: ReadonlyMap<string, FloorTable> = new Map()) {}

  /** Every table file in `dir`; one that does not read is one line naming it (exit 2). */
  static read(dir: string | undefined): FloorTables {
    if (dir === undefined) return new FloorTables();
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new OperatorError(`--tables ${dir}: ${code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'is not a folder; give the folder of the table files' : (err as Error).message}`);
    }
    const tables = new Map<string, FloorTable>();
    for (const name of names) {
      try {
        const config = loadTableConfig(join(dir, name), '--tables');
        tables.set(config.id, { currency: config.currency, dealer: config.dealer });
      } catch (err) {
        if (err instanceof TableConfigError) throw new OperatorError(err.message);
        throw err;
      }
    }
    return new FloorTables(tables);
  }

  currency(tableId: string): string {
    return this.tables.get(tableId)?.currency ?? DEFAULT_CURRENCY;
  }

  /** The dealer the table file names, or undefined. */
  dealer(tableId: string): string | undefined {
    return this.tables.get(tableId)?.dealer;
  }

  get ids(): string[] {
    return [...this.tables.keys()].sort();
  }
}
