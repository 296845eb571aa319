// `shoe backup DB FILE` (options: its spec): copies a live table's log with SQLite's online
// backup while the table runs, verifies the copy as `verify` does (chain, MACs with the key, every derived
// fact), judges it against the live log's newest anchor, and writes the copy's own anchor (FILE.anchors).
// Exit 0: the copy is intact. 1: the copy (or the live log) is not. 2: a file cannot be read or written.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { backupDatabase } from '../adapters/store/sqlite-backup.js';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { AnchorFileWriter, anchorFileOf, readNewestAnchor } from '../adapters/store/anchor-file.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { judgeAgainstAnchor, LogBehindAnchorError } from '../ports/log-anchor.js';
import { verifyLogFile } from './verify-log-file.js';
import { logKeyFromEnv } from '../config/log-key.js';
import { UsageError } from './usage-error.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';

type Out = (line: string) => void;

export async function backupCommand(args: CommandArgs<OptionSpecs>, out: Out, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [db, file] = args.positional as [string, string];
  if (existsSync(file)) throw new UsageError(`${file}: already exists (a backup never overwrites)`);
  if (!existsSync(dirname(file) || '.')) throw new UsageError(`${dirname(file)}: no such directory`);
  const key = logKeyFromEnv(args.options.get('key-env'), env);

  // The live log's newest anchor, read BEFORE the copy: an intact live log's copy reaches at least that far.
  const liveAnchor = readNewestAnchor(anchorFileOf(db))?.anchor;
  // A damaged live log is named as such (its copy would only repeat the damage under another name).
  const live = SqliteLogReader.open(db);
  try {
    live.quickCheck();
  } finally {
    live.close();
  }
  const { pages, fromFormat } = await backupDatabase(db, file);

  const copy = SqliteLogReader.open(file);
  try {
    copy.quickCheck();
    const head = copy.head();
    const verdict = await verifyLogFile(copy, { to: head.seq, ...(key ? { key } : {}) });
    if (!verdict.ok) {
      out(`MISMATCH ${copy.tableId} in the copy ${file} at event ${verdict.seq}: ${verdict.problem}`);
      return 1;
    }
    if (liveAnchor) {
      const judged = judgeAgainstAnchor(head, copy.hashAt(liveAnchor.seq), liveAnchor);
      if (!judged.ok) {
        out(`MISMATCH ${copy.tableId}: ${new LogBehindAnchorError(judged, file, anchorFileOf(db)).message}`);
        return 1;
      }
    }
    const writer = new AnchorFileWriter(anchorFileOf(file));
    try {
      writer.append(copy.tableId, head, 'backup', new Date(realClock().wallNow()));
    } finally {
      writer.close();
    }
    const migrated = fromFormat !== undefined ? ` in the current log format (the live log is in format ${fromFormat}: \`shoe migrate\` it when the table is stopped)` : '';
    out(`OK ${copy.tableId}: ${file} holds events 1..${head.seq} (${pages} pages)${migrated}, verified (hash chain${key ? ', MACs' : ''}, every derived event)${liveAnchor ? `, consistent with ${anchorFileOf(db)} at seq ${liveAnchor.seq}` : ''}; anchored in ${anchorFileOf(file)}`);
    return 0;
  } finally {
    copy.close();
  }
}
