// Where one `shoe verify` spends its time, thread by thread (docs/audit.md, "How verify spends its time"):
// with SHOE_VERIFY_TIMELINE=1 each thread writes marks to stderr as it goes, one line each:
//   timeline THREAD LABEL wall=MS cpu=MS waited=MS
// wall: milliseconds since the process started (the same origin in every thread); cpu: this thread's CPU
// time so far; waited: its time runnable but not running (another thread or process had the core), both
// from /proc/thread-self/schedstat (Linux; 0 elsewhere). Off by default: then every call is one test of a
// constant.
import { readFileSync, writeSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import { realClock } from '../adapters/clock/real-clock.js';

export const TIMELINE = process.env['SHOE_VERIFY_TIMELINE'] === '1';
const clock = realClock();
const ORIGIN = performance.timeOrigin;
/** Milliseconds since the epoch when this process started (a worker's own time origin is its start). */
const processStart = isMainThread ? ORIGIN : ORIGIN + clock.now() - process.uptime() * 1000;

function schedstat(): [number, number] {
  try {
    const [cpu, waited] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(cpu) / 1e6, Number(waited) / 1e6];
  } catch {
    return [0, 0];
  }
}

/** Bytes the whole process has read through system calls so far (/proc/self/io), in MiB. */
function readMiB(): string {
  try {
    const rchar = /rchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1];
    return (Number(rchar) / 1048576).toFixed(0);
  } catch {
    return '0';
  }
}

/** Writes one mark of this thread (nothing unless SHOE_VERIFY_TIMELINE=1). */
export function mark(label: string): void {
  if (!TIMELINE) return;
  const [cpu, waited] = schedstat();
  const wall = ORIGIN + clock.now() - processStart;
  writeSync(2, `timeline ${isMainThread ? 'main' : `worker${threadId}`} ${label} wall=${wall.toFixed(1)} cpu=${cpu.toFixed(1)} waited=${waited.toFixed(1)} readMiB=${readMiB()}\n`);
}


/** A stopwatch of this thread's milliseconds spent in one kind of wait or work (counts and sums). */
export class Tally {
  count = 0;
  ms = 0;
  private at = 0;
  start(): void {
    if (TIMELINE) this.at = clock.now();
  }
  stop(): void {
    if (!TIMELINE) return;
    this.count += 1;
    this.ms += clock.now() - this.at;
  }
  report(label: string): void {
    if (TIMELINE) mark(`${label} n=${this.count} ms=${this.ms.toFixed(1)}`);
  }
}
