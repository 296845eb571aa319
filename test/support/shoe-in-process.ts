// Runs the `shoe` dispatcher in this process with captured stdout/stderr and a fake clock: the verbs'
// parsing, help and errors tested without a child process each.
import { PassThrough } from 'node:stream';
import { COMMANDS } from '../../src/cli/commands.js';
import { runShoe } from '../../src/cli/run-shoe.js';
import { packageVersion } from '../../src/config/package-root.js';

export interface InProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface FakeTerminal {
  /** stderr claims to be a terminal. */
  readonly tty: boolean;
  /** The fake clock moves this many ms each time it is read. */
  readonly msPerRead: number;
}

export function shoeInProcess(...argv: string[]): Promise<InProcessResult> {
  return shoeInProcessWith({ tty: false, msPerRead: 0 }, ...argv);
}

export async function shoeInProcessWith(terminal: FakeTerminal, ...argv: string[]): Promise<InProcessResult> {
  let clock = 0;
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  let err = '';
  const code = await runShoe(argv, { commands: COMMANDS, version: packageVersion() }, {
    stdout,
    stderr: { isTTY: terminal.tty, write: (text: string) => ((err += text), true) },
    out: (line) => stdout.write(`${line}\n`),
    now: () => (clock += terminal.msPerRead),
  });
  stdout.end();
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out, stderr: err };
}
