// Peak resident memory of a child process, as the kernel counts it (its own resource usage at exit, all its
// threads together), and its CPU seconds: the child is started with a preload that writes its
// process.resourceUsage() figures to a file when it exits. Used by the benchmarks that hold a verb to a memory goal.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PeakRun {
  readonly code: number;
  readonly seconds: number;
  readonly peakMiB: number;
  /** CPU seconds of the whole process (every thread), user and system. */
  readonly cpuSeconds: number;
  readonly stderr: string;
  /** What it printed, when asked for (`keepStdout`); empty otherwise. */
  readonly stdout: string;
}

/** Runs `node [...nodeArgs] script ...args` in `cwd` and measures it; `keepStdout` keeps what it prints. */
export async function measurePeak(nodeArgs: readonly string[], script: string, args: readonly string[], cwd: string, keepStdout = false): Promise<PeakRun> {
  const dir = mkdtempSync(join(tmpdir(), 'peak-rss-'));
  try {
    const preload = join(dir, 'peak-rss.mjs');
    const file = join(dir, 'rss');
    writeFileSync(preload, "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); writeFileSync(process.env.PEAK_RSS_FILE, JSON.stringify({ maxRSS: u.maxRSS, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6 })); });\n");
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, '--import', preload, script, ...args], { cwd, env: { ...process.env, PEAK_RSS_FILE: file }, stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'close')) as [number];
    const seconds = (performance.now() - started) / 1000;
    let usage = { maxRSS: Number.NaN, cpu: Number.NaN };
    try {
      usage = JSON.parse(readFileSync(file, 'utf8')) as typeof usage;
    } catch {
      // The child died before its exit handler ran: no figures.
    }
    return { code, seconds, peakMiB: usage.maxRSS / 1024, cpuSeconds: usage.cpu, stderr, stdout: Buffer.concat(out).toString('utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
