// Peak resident memory of a child process, as the kernel counts it (its own resource usage at exit, all its
// threads together): the child is started with a preload that writes process.resourceUsage().maxRSS to a
// file when it exits. Used by the benchmarks that hold a verb to a memory goal.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PeakRun {
  readonly code: number;
  readonly seconds: number;
  readonly peakMiB: number;
  readonly stderr: string;
}

/** Runs `node [...nodeArgs] script ...args` in `cwd` and measures it. */
export async function measurePeak(nodeArgs: readonly string[], script: string, args: readonly string[], cwd: string): Promise<PeakRun> {
  const dir = mkdtempSync(join(tmpdir(), 'peak-rss-'));
  try {
    const preload = join(dir, 'peak-rss.mjs');
    const file = join(dir, 'rss');
    writeFileSync(preload, "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, '--import', preload, script, ...args], { cwd, env: { ...process.env, PEAK_RSS_FILE: file }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'close')) as [number];
    const seconds = (performance.now() - started) / 1000;
    let peakMiB = Number.NaN;
    try {
      peakMiB = Number(readFileSync(file, 'utf8')) / 1024;
    } catch {
      // The child died before its exit handler ran: no figure.
    }
    return { code, seconds, peakMiB, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
