/**
 * The keyed chain's MACs in a table's SQLite log (ADR 0004; definition in src/log/chain-mac.ts):
 * one row per event written while the store had a key, in the same transaction as the event. A table of
 * its own, so a log written without a key needs no change and the events table keeps its layout.
 * Append-only like the events.
 */
import type Database from 'better-sqlite3';

export const MAC_DDL = `
CREATE TABLE IF NOT EXISTS event_macs (
  stream TEXT    NOT NULL,
  seq    INTEGER NOT NULL,
  mac    TEXT    NOT NULL CHECK (length(mac) = 64),   -- hex HMAC-SHA256(key, hash of the event)
  PRIMARY KEY (stream, seq)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS event_macs_no_update BEFORE UPDATE ON event_macs
  BEGIN SELECT RAISE(ABORT, 'event MACs are append-only'); END;
CREATE TRIGGER IF NOT EXISTS event_macs_no_delete BEFORE DELETE ON event_macs
  BEGIN SELECT RAISE(ABORT, 'event MACs are append-only'); END;
-- The saved snapshot's MAC (it is replaced with the snapshot): the snapshot's state is not on the chain.
CREATE TABLE IF NOT EXISTS snapshot_macs (
  stream TEXT    NOT NULL PRIMARY KEY,
  seq    INTEGER NOT NULL,
  mac    TEXT    NOT NULL CHECK (length(mac) = 64)   -- hex HMAC-SHA256(key, "snapshot:<seq>:<hash>:<sha256 of state>")
) WITHOUT ROWID;
`;

/** Whether a (possibly read-only, possibly old) database has the MAC table. */
export function hasMacTable(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'event_macs'").get() !== undefined;
}
