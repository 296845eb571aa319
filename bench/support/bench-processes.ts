// Child processes of bench:viewers: started at a chosen OS priority (nice), spoken to in JSON
// lines, and measured from /proc (CPU seconds, RSS) so the bench can say where the machine's time went.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInterface, type Interface } from 'node:readline';

export interface JsonLineChild {
  readonly child: ChildProcess;
  readonly pid: number;
  /** The next stdout line (JSON lines, or the raw text when `raw`). */
  nextLine(): Promise<string>;
  next(): Promise<Record<string, unknown>>;
  send(line: string): void;
  /** Resolves when the process has exited. */
  exited(): Promise<void>;
}

/** Starts `node --import tsx <args>` at the given niceness (0: the bench's own priority). */
export function startChild(args: readonly string[], nice: number, env: NodeJS.ProcessEnv = process.env): JsonLineChild {
  // BENCH_CPU_PROF=DIR: each child writes a V8 CPU profile there (where does the fan-out's time go?).
  const profile = process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const pid = child.pid as number;
  if (nice !== 0) setPriority(pid, nice);
  const lines: Interface = createInterface({ input: child.stdout! });
  const queued: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else queued.push(line);
  });
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const nextLine = () => {
    const q = queued.shift();
    if (q !== undefined) return Promise.resolve(q);
    return Promise.race([
      new Promise<string>((resolve) => waiting.push(resolve)),
      exit.then(() => Promise.reject(new Error(`child ${args.join(' ')} exited`))),
    ]);
  };
  return {
    child, pid, nextLine,
    next: async () => JSON.parse(await nextLine()) as Record<string, unknown>,
    send: (line) => child.stdin!.write(`${line}\n`),
    exited: () => exit,
  };
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds a process has used so far in user and in kernel (system) mode; NaN if it is gone. */
export function cpuOf(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** CPU seconds (user + system) a process has used so far; NaN if it is gone. */
export function cpuSecondsOf(pid: number): number {
  const { user, system } = cpuOf(pid);
  return user + system;
}

/** Resident set size of a process (MiB); NaN if it is gone. */
export function rssMiBOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The pid of a running program by its name (e.g. the nats-server the bench publishes to), if readable. */
export function pidByName(name: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'latin1').trim() === name) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
