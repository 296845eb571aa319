// Runs the real `shoe` CLI in a child process, as a user or CI would.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStartBuild } from '../../scripts/start.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where the CLI runs: the checkout by default; another folder and environment when a test needs them. */
export interface CliPlace {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

let startBuild: Promise<string> | undefined;

/**
 * The CLI's entry as `npm start` runs it: main.js of the start build (scripts/start.mjs, docs/operations.md
 * "Start in production"), made fresh once per test process. Plain node starts it in about half the CPU the
 * sources take through tsx (docs/testing.md, "Where the time goes"); `npm run -s shoe` (runCli's 'npm') and
 * the tests of a verb's binary still run the sources through tsx.
 */
export async function cliEntry(): Promise<string> {
  startBuild ??= freshStartBuild();
  return join(await startBuild, 'src/cli/main.js');
}

/** `via: 'npm'` runs `npm run -s shoe -- ...` exactly as documented (tsx); 'node' runs the start build's entry with plain node. */
export async function runCli(args: readonly string[], via: 'npm' | 'node' = 'node', stdin?: string, place: CliPlace = {}): Promise<CliResult> {
  const [cmd, argv] = via === 'npm'
    ? ['npm', ['run', '-s', 'shoe', '--', ...args]]
    : [process.execPath, [await cliEntry(), ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd as string, argv as string[], { cwd: place.cwd ?? ROOT, ...(place.env ? { env: place.env } : {}), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}
