// The start-up check of the part of the log the table's rebuild reads (docs/audit.md, "Start-up checks";
// ADR 0004): the saved snapshot sits on the log, its MAC is right when the log was keyed before it, and the
// chain (with the key, every MAC) holds from the snapshot on. Called by the log guard (log-guard.ts).
import type { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { ChainVerifier, GENESIS_HASH } from '../log/event-chain.js';
import { macMatches, snapshotMac } from '../log/chain-mac.js';
import { LogIntegrityError } from '../ports/log-integrity.js';

/** The chain, and with the key the MACs, over what the rebuild reads: from the snapshot (whose hash must be the log's there) on. */
export function checkTail(reader: SqliteLogReader, key: Buffer | undefined, logName: string): void {
  const snapshot = reader.snapshotPosition();
  if (snapshot) {
    const logged = reader.hashAt(snapshot.seq);
    if (logged !== snapshot.hash) {
      throw new LogIntegrityError(logName, snapshot.seq, logged === undefined ? `the saved snapshot is at seq ${snapshot.seq}, past the end of the log` : 'the saved snapshot records another hash than the log holds there (the snapshot or the log was altered)');
    }
  }
  const from = snapshot?.seq ?? 0;
  const verifier = new ChainVerifier({ seq: from, hash: snapshot?.hash ?? GENESIS_HASH });
  const firstMac = key ? reader.firstMacSeq() : undefined;
  // With the key, a snapshot saved while the table was keyed must carry its MAC: its state is not on the chain.
  if (key && snapshot && firstMac !== undefined && firstMac <= snapshot.seq) {
    if (snapshot.mac === null || snapshot.mac !== snapshotMac(key, snapshot.seq, snapshot.hash, snapshot.state)) {
      throw new LogIntegrityError(logName, snapshot.seq, `the saved snapshot at seq ${snapshot.seq} ${snapshot.mac === null ? 'has no MAC' : "has a MAC that does not match its state (the snapshot was altered, or the key is not this log's)"}`);
    }
  }
  for (const { event, mac, dataJson } of reader.events(from + 1)) {
    const check = verifier.push(event, dataJson);
    if (!check.ok) throw new LogIntegrityError(logName, check.seq, `hash chain broken: ${check.reason}`);
    if (key && firstMac !== undefined && event.seq >= firstMac) {
      if (mac == null) throw new LogIntegrityError(logName, event.seq, `no MAC: events from ${firstMac} on were keyed, so a MAC was removed or the event was written without the key`);
      if (!macMatches(key, event.hash, mac)) throw new LogIntegrityError(logName, event.seq, "MAC does not match: the event was rewritten without the key (or the key is not this log's)");
    }
  }
}
