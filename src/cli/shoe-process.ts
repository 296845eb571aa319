// The `shoe` process (main.ts loads it): the verb its arguments name, run with the process's streams; its
// answer is the exit code.
import { realClock } from '../adapters/clock/real-clock.js';
import { packageVersion } from '../config/package-root.js';
import { COMMANDS } from './commands.js';
import { runShoe } from './run-shoe.js';

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await runShoe(process.argv.slice(2), { commands: COMMANDS, version: packageVersion() }, {
  stdout: process.stdout,
  stderr: process.stderr,
  out: (line) => process.stdout.write(`${line}\n`),
  now: realClock().now,
});
