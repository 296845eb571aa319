// Runs the real `shoe` CLI in a child process, as a user or CI would.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const TSX = import.meta.resolve('tsx');

/** `via: 'npm'` runs `npm run -s shoe -- ...` exactly as documented; 'node' runs the same entry without npm's start-up. */
export function runCli(args: readonly string[], via: 'npm' | 'node' = 'node', stdin?: string, place: CliPlace = {}): Promise<CliResult> {
  const [cmd, argv] = via === 'npm'
    ? ['npm', ['run', '-s', 'shoe', '--', ...args]]
    : [process.execPath, ['--import', TSX, join(ROOT, 'src/cli/main.ts'), ...args]];
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
