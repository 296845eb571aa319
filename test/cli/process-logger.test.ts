// The running processes' log (src/cli/process-logger.ts, console-to-log.ts): no key twice on a line,
// and third-party console output (the NATS client's trace) as log lines, never raw text on stdout.
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { withoutRepeatedKeys } from '../../src/cli/process-logger.js';
import { routeConsoleToLog } from '../../src/cli/console-to-log.js';
import { parseStrictJson } from '../support/strict-json.js';

function memoryLogger(level: string) {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(...chunk.toString().split('\n').filter((l) => l !== '')); done(); } });
  return { logger: pino({ level }, sink), lines };
}

describe('withoutRepeatedKeys', () => {
  test('a field the bindings already hold with the same value is left out', () => {
    expect(withoutRepeatedKeys({ tableId: 't', round: 3 }, { tableId: 't' })).toEqual({ round: 3 });
  });

  test('a field that says something else is kept under <key>Given, and pino\'s own keys are never repeated', () => {
    expect(withoutRepeatedKeys({ tableId: 'u', time: 5, level: 'x', msg: 'm', pid: 1, hostname: 'h', ok: true }, { tableId: 't' }))
      .toEqual({ tableIdGiven: 'u', timeGiven: 5, levelGiven: 'x', msgGiven: 'm', pidGiven: 1, hostnameGiven: 'h', ok: true });
  });

  test('fields without a clash are the same object', () => {
    const fields = { seat: 1 };
    expect(withoutRepeatedKeys(fields, { tableId: 't' })).toBe(fields);
  });
});

describe('routeConsoleToLog', () => {
  test('console output becomes JSON log lines (DEBUG for traces, WARN for errors) until the console is put back', () => {
    const { logger, lines } = memoryLogger('debug');
    const fake = { log: () => undefined, info: () => undefined, debug: () => undefined, trace: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Console;
    const originalInfo = fake.info;
    const restore = routeConsoleToLog(logger, fake);
    fake.info('> %s', 'PUB views.t 12');
    fake.error('!!! %s: %s', 'MSG', 'bad frame');
    restore();
    fake.info('after');
    expect(fake.info).toBe(originalInfo);
    const read = lines.map((l) => parseStrictJson(l));
    expect(read).toEqual([
      expect.objectContaining({ level: 20, component: 'console', msg: '> PUB views.t 12' }),
      expect.objectContaining({ level: 40, component: 'console', msg: '!!! MSG: bad frame' }),
    ]);
  });
});
