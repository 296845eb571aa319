// `shoe verify DB|DIR|GLOB...` (options: its spec): the auditor's check of table logs (verify-one-log.ts).
// One log: its line, as ever — exit 0 intact, 1 integrity broken (the line names the event and why), 2 the
// file cannot be read. Many logs (a folder, a pattern, several files): checked in parallel up to the
// threads, one line per log in the order named and a total; exit 1 if any is broken, else 2 if any cannot
// be read. `--format json` (or its older spelling `--json`): one JSON document for an auditor's tooling
// instead of the lines.
import { availableParallelism } from 'node:os';
import { existsSync, statSync } from 'node:fs';
import { logKeyFromEnv } from '../config/log-key.js';
import { nativeChainProblem } from '../adapters/store/sqlite-native-chain.js';
import { readAheadForThisProcess } from '../adapters/store/sqlite-read-ahead.js';
import type { CommandArgs, CommandIO, OptionSpecs } from './command-spec.js';
import { Progress } from './progress.js';
import { findTableLogs, isPattern } from './find-table-logs.js';
import { PARALLEL_FROM, verifyOneLog, type LogReport } from './verify-one-log.js';
import { reportOfFailure, verifyManyLogs } from './verify-many-logs.js';
import { stopUntakenChainWorker } from './verify-chain-worker.js';


/** The threads `--threads` means, or by default one per core. */
function threadsOf(args: CommandArgs<OptionSpecs>): number {
  const given = args.options.get('threads');
  if (given === undefined) return Math.max(1, availableParallelism());
  return Number(given);
}

/** The summary of many reports. */
function total(reports: readonly LogReport[], seconds: number) {
  const count = (v: LogReport['verdict']) => reports.filter((r) => r.verdict === v).length;
  const events = reports.reduce((sum, r) => sum + r.events, 0);
  return { logs: reports.length, intact: count('intact'), broken: count('broken'), notAnchored: count('not-anchored'), unreadable: count('unreadable'), events, seconds: Math.round(seconds * 1000) / 1000 };
}

function exitCodeOf(reports: readonly LogReport[]): number {
  if (reports.some((r) => r.exitCode === 1)) return 1;
  return reports.some((r) => r.exitCode === 2) ? 2 : 0;
}

export async function verifyCommand(args: CommandArgs<OptionSpecs>, io: Pick<CommandIO, 'out' | 'stderr' | 'now'>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const key = logKeyFromEnv(args.options.get('key-env'), env);
  const threads = threadsOf(args);
  const json = args.options.get('format') === 'json' || args.flags.has('json');
  const common = { ...(key ? { key } : {}), ...(args.options.has('nats') ? { nats: args.options.get('nats') as string } : {}), noAnchorOk: args.flags.has('no-anchor-ok') };
  const quiet = args.flags.has('quiet') || json;
  const started = io.now();
  const named = args.positional;
  // Loads verify's library once: every log this command opens is read in blocks (ADR 0013), and a library
  // that cannot be used is said once here (the worker threads would each fall back silently).
  readAheadForThisProcess();
  const slower = nativeChainProblem();
  if (slower !== undefined) io.stderr.write(`verify: warning: ${slower}\n`);
  const one = named.length === 1 && !isPattern(named[0] as string) && !(existsSync(named[0] as string) && statSync(named[0] as string).isDirectory());

  if (one) {
    const db = named[0] as string;
    // Progress on stderr while a long verify runs, only on a terminal (progress.ts).
    const progress = new Progress({ stream: io.stderr, now: io.now, label: 'verify', unit: 'events', quiet });
    let report: LogReport;
    try {
      report = await verifyOneLog(db, { ...common, threads, parallelFrom: PARALLEL_FROM, onProgress: (done, all) => progress.update(done, all) });
    } catch (err) {
      if (!json) throw err; // one line on stderr, exit 2 (cli-errors.ts)
      report = await reportOfFailure(db, err);
    }
    progress.finish();
    io.out(json ? JSON.stringify({ logs: [report], total: total([report], (io.now() - started) / 1000) }) : report.line);
    return report.exitCode;
  }

  await stopUntakenChainWorker(); // the logs' own workers check them (verify-chain-worker.ts)
  const files = findTableLogs(named);
  const progress = new Progress({ stream: io.stderr, now: io.now, label: 'verify', unit: 'logs', quiet });
  const reports: Array<LogReport | undefined> = new Array<LogReport | undefined>(files.length);
  let printed = 0;
  let done = 0;
  const { workerFailures } = await verifyManyLogs(files, { ...common, threads }, (index, report) => {
    reports[index] = report;
    progress.update(++done, files.length);
    // In the order named, as soon as every log before is reported.
    for (let next = reports[printed]; next !== undefined && printed < files.length; next = reports[printed]) {
      if (!json) io.out(`${next.file}: ${next.line}`);
      printed += 1;
    }
  });
  progress.finish();
  // A worker that stopped is a fault of the program, even where the other threads checked its logs.
  for (const failure of workerFailures) io.stderr.write(`verify: warning: ${failure} (a fault of the program, please report it)\n`);
  const all = reports as LogReport[];
  const sum = total(all, (io.now() - started) / 1000);
  if (json) io.out(JSON.stringify({ logs: all, total: sum }));
  else {
    const rate = sum.seconds > 0 ? `, ${Math.round(sum.events / sum.seconds).toLocaleString('en-US')} events/s` : '';
    io.out(`TOTAL ${sum.logs} logs: ${sum.intact} intact, ${sum.broken} broken, ${sum.notAnchored} not anchored, ${sum.unreadable} unreadable; ${sum.events.toLocaleString('en-US')} events in ${sum.seconds.toFixed(1)} s${rate}`);
  }
  return exitCodeOf(all);
}
