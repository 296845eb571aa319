/**
 * Read-ahead for the readers of a verify (docs/adr/0013-verify-reads-ahead.md): the VFS of
 * native/chain-check/read_ahead_vfs.c, registered as this process's default, reads a log file in 128 KiB
 * blocks instead of one system call per 4 KiB page. Only `shoe verify` turns it on, before it opens a log:
 * every connection opened afterwards in the process (its chain workers' too) reads through it. Without the
 * native library, or with SHOE_VERIFY_CHECK=js, nothing changes: SQLite reads as it always does.
 */
import Database from 'better-sqlite3';
import { NATIVE_CHAIN_LIBRARY, NativeChainCheck } from './sqlite-native-chain.js';

let state: 'off' | 'on' | undefined;

/**
 * Turns read-ahead on for the connections this process opens from now on; whether it is on. The library is
 * loaded here as the chain check loads it: when it cannot be used, nativeChainProblem says why.
 */
export function readAheadForThisProcess(library = NATIVE_CHAIN_LIBRARY): boolean {
  if (state === undefined) {
    state = 'off';
    const db = new Database(':memory:');
    try {
      // Not wanted, not built, or built from other sources than this program's (a warning already said so).
      if (NativeChainCheck.load(db, 'read-ahead', library) === undefined) return false;
      // better-sqlite3 takes an entry point as the second argument; its type declarations name only the path.
      const loadExtension = db.loadExtension.bind(db) as (path: string, entryPoint: string) => unknown;
      loadExtension(library, 'sqlite3_readahead_init');
      state = 'on';
    } catch {
      // The VFS could not be registered: SQLite reads as it always does, only slower.
    } finally {
      db.close();
    }
  }
  return state === 'on';
}
