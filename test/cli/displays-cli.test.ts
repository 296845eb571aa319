// `shoe displays`: --help, and what it does not understand is refused before it connects.
import { describe, expect, test } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('shoe displays', () => {
  test('--help prints the usage and exits 0', async () => {
    const result = await runCli(['displays', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/usage: shoe displays \[--nats URL\]/);
    expect(result.stdout).toMatch(/--config FILE/);
    expect(result.stdout).toMatch(/--view-interval/);
  });

  test('an unknown option, a stray argument or a bad port: exit 2 with the reason', async () => {
    const unknown = await runCli(['displays', '--bogus', '1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option --bogus/);
    const stray = await runCli(['displays', 'extra']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/unexpected argument "extra"/);
    const port = await runCli(['displays', '--port', 'abc']);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port takes a whole number/);
    const interval = await runCli(['displays', '--view-interval', '-5']);
    expect(interval.code).toBe(2);
    expect(interval.stderr).toMatch(/--view-interval/);
  });

  test('the command list names it', async () => {
    const result = await runCli(['help']);
    // Grouped by task (docs/cli.md): the floor's verbs together, each with its summary.
    expect(result.stdout).toMatch(/The floor \(NATS\):\n(?:.*\n)*?\s+displays\s+A stateless gateway/);
  });
});
