/**
 * The round index of a table's SQLite log (recall reads only the rounds asked for): one row per (stream, round) with the first and
 * last seq of the events carrying that round number and whether it was dealt. Kept by a trigger on
 * every insert into `events` — in the append's own transaction, so the index is exactly as durable as
 * the log — and filled once from the log when a database made before the index is opened. A database whose
 * trigger names other fact types (made when fewer rounds were recalled) gets the trigger of this version and
 * its `dealt` marks corrected from the log, once, on open.
 */
import type Database from 'better-sqlite3';
import { DEALT_ROUND_TYPES, type RoundSpan } from '../../ports/round-index.js';

const DEALT = DEALT_ROUND_TYPES.map((t) => `'${t}'`).join(', ');

const DDL = `
CREATE TABLE IF NOT EXISTS round_index (
  stream    TEXT    NOT NULL,
  round     INTEGER NOT NULL,
  first_seq INTEGER NOT NULL,
  last_seq  INTEGER NOT NULL,
  dealt     INTEGER NOT NULL,                  -- 1 once a fact of DEALT_ROUND_TYPES is on the log
  PRIMARY KEY (stream, round)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS round_index_dealt ON round_index (stream, dealt, first_seq);
CREATE TRIGGER IF NOT EXISTS events_round_index AFTER INSERT ON events WHEN NEW.round > 0
BEGIN
  INSERT INTO round_index (stream, round, first_seq, last_seq, dealt)
    VALUES (NEW.stream, NEW.round, NEW.seq, NEW.seq, NEW.type IN (${DEALT}))
    ON CONFLICT (stream, round) DO UPDATE SET
      first_seq = min(first_seq, excluded.first_seq),
      last_seq = max(last_seq, excluded.last_seq),
      dealt = max(dealt, excluded.dealt);
END;
`;

/** Creates the index (inside prepareDatabase's transaction); fills it from the log the first time. */
export function prepareRoundIndex(db: Database.Database): void {
  const existed = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'round_index'").get() !== undefined;
  const trigger = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'events_round_index'").get();
  const outdated = trigger !== undefined && !trigger.sql.includes(`NEW.type IN (${DEALT})`);
  if (outdated) db.exec('DROP TRIGGER events_round_index');
  db.exec(DDL);
  if (!existed) {
    db.exec(`INSERT INTO round_index (stream, round, first_seq, last_seq, dealt)
      SELECT stream, round, min(seq), max(seq), max(type IN (${DEALT})) FROM events WHERE round > 0 GROUP BY stream, round`);
  } else if (outdated) {
    db.exec(`UPDATE round_index SET dealt = 1 WHERE dealt = 0
      AND (stream, round) IN (SELECT stream, round FROM events WHERE round > 0 AND type IN (${DEALT}))`);
  }
}

export function lastDealtRounds(db: Database.Database, streamId: string, last: number): RoundSpan[] {
  const rows = db
    .prepare<[string, number], { round: number; first_seq: number; last_seq: number }>(
      'SELECT round, first_seq, last_seq FROM round_index WHERE stream = ? AND dealt = 1 ORDER BY first_seq DESC LIMIT ?',
    )
    .all(streamId, last);
  return rows.reverse().map((r) => ({ round: r.round, firstSeq: r.first_seq, lastSeq: r.last_seq, dealt: true }));
}

export function roundSpan(db: Database.Database, streamId: string, round: number): RoundSpan | undefined {
  const row = db
    .prepare<[string, number], { first_seq: number; last_seq: number; dealt: number }>(
      'SELECT first_seq, last_seq, dealt FROM round_index WHERE stream = ? AND round = ?',
    )
    .get(streamId, round);
  return row ? { round, firstSeq: row.first_seq, lastSeq: row.last_seq, dealt: row.dealt === 1 } : undefined;
}
