/**
 * The chain check of a format-3 log inside SQLite (docs/adr/0011-chain-check-inside-sqlite.md): the
 * aggregate `chain_check` of native/chain-check/chain_check.c, loaded into a reader's connection, hashes
 * each event where SQLite holds its bytes and answers how many events of a span it vouches for. It only
 * ever vouches: a span it does not vouch for whole is checked again by the reference check in JavaScript
 * (src/log/stored-chain.ts), which names the problem. Without the built library (no C compiler when the
 * package was installed) or with SHOE_VERIFY_CHECK=js, every span is checked in JavaScript: the same
 * verdicts, about half the speed.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { packagePath } from '../../config/package-root.js';
import type { SpanStart, VouchedSpan } from '../../log/stored-chain.js';

/** Where `npm run build:native` (scripts/build-native.mjs) writes the library. */
export const NATIVE_CHAIN_LIBRARY = packagePath(`native/build/chain-check${process.platform === 'win32' ? '.dll' : process.platform === 'darwin' ? '.dylib' : '.so'}`);

const CHECK_SQL = `SELECT chain_check(CAST(@anchorSeq AS INTEGER), @anchorHash, @table, @quotedTable, @key, CAST(@macFrom AS INTEGER), CAST(@to AS INTEGER),
    seq, data, tail, hash)
  FROM events WHERE stream = @table AND seq >= @from AND seq <= @to`;

/** The shape of the library's functions this code calls (VERIFY_FUNCTIONS_VERSION in chain_check.c). */
const VERIFY_FUNCTIONS_VERSION = 4;

/** What the loaded library says its functions' version is (undefined: it has no such answer, built before it did). */
function functionsVersion(db: Database.Database): number | undefined {
  try {
    const version = db.prepare('SELECT verify_functions_version()').pluck().get();
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Why each library could not be used, the last time this thread tried it (a load that works forgets it). */
const loadProblems = new Map<string, string>();
/** Why `library` (default: verify's own) could not be used when this thread last loaded it, or undefined. */
export function nativeChainProblem(library = NATIVE_CHAIN_LIBRARY): string | undefined {
  return loadProblems.get(library);
}

/** Whether spans are to be checked inside SQLite: the library is built and SHOE_VERIFY_CHECK is not `js`. */
export function nativeChainWanted(): boolean {
  return process.env.SHOE_VERIFY_CHECK !== 'js' && existsSync(NATIVE_CHAIN_LIBRARY);
}

export class NativeChainCheck {
  private statement: Database.Statement | undefined;

  private constructor(private readonly db: Database.Database, private readonly tableId: string) {}

  /**
   * The check on this connection, or undefined when it is not wanted, the library does not load, or it was
   * built from other sources than this code's (nativeChainProblem says why). `library`: tests load others.
   */
  static load(db: Database.Database, tableId: string, library = NATIVE_CHAIN_LIBRARY): NativeChainCheck | undefined {
    if (!nativeChainWanted()) return undefined;
    let problem: string;
    try {
      db.loadExtension(library); // entry point sqlite3_chaincheck_init, which SQLite derives from the file's name
      const version = functionsVersion(db);
      if (version === VERIFY_FUNCTIONS_VERSION) {
        loadProblems.delete(library);
        return new NativeChainCheck(db, tableId);
      }
      problem = `was built from other sources than this program's (${version === undefined ? 'it names no version of its functions' : `its functions are version ${version}`}, this program needs ${VERIFY_FUNCTIONS_VERSION})`;
    } catch (err) {
      problem = `did not load: ${(err as Error).message}`;
    }
    loadProblems.set(library, `the chain check inside SQLite (${library}) ${problem}; the chain is checked in JavaScript, the same verdicts at about half the speed (rebuild it with npm run build:native)`);
    return undefined;
  }

  /** Events from..to checked from `start`; how many from `from` on are right (the rest: check them in JavaScript). */
  vouch(from: number, to: number, start: SpanStart, key: Buffer | undefined): VouchedSpan {
    const statement = (this.statement ??= this.db.prepare(CHECK_SQL).pluck());
    const answer = statement.get({
      anchorSeq: from - 1, anchorHash: start.hash, quotedTable: JSON.stringify(this.tableId), key: key ?? null,
      macFrom: start.macFrom, table: this.tableId, from, to,
    }) as string;
    // 'events macFrom|- ok|stop first last backSeq before at times unsure' (chain_check.c)
    const [events, macFrom, , first, last, backSeq, before, at, times, unsure] = answer.split(' ');
    const vouched = { events: Number(events), macFrom: macFrom === '-' || macFrom === undefined ? null : Number(macFrom) };
    if (unsure !== '0' || first === undefined || last === undefined || before === undefined || at === undefined) return vouched;
    const seq = Number(backSeq);
    return { ...vouched, walls: { first: first === '-' ? undefined : first, last: last === '-' ? undefined : last, back: seq > 0 ? { seq, before, at, times: Number(times) } : undefined } };
  }
}
