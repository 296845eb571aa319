// Which errors are the operator's (one line, exit 2), which are findings (exit 1) and which are faults of
// the program (null: shown with the stack).
import { describe, expect, test } from 'vitest';
import { explainOperatorError, OperatorError } from '../../src/cli/cli-errors.js';
import { RuleSetError } from '../../src/config/load-rule-set.js';
import { CaptureMismatchError } from '../../src/app/audit/replay-capture.js';

const errno = (code: string, extra: object) => Object.assign(new Error(`${code}: something`), { code, ...extra });

describe('explainOperatorError', () => {
  test('the operator-facing error classes keep their message on one line, exit 2', async () => {
    expect(await explainOperatorError(new OperatorError('x.db: no such table database'))).toEqual({ message: 'x.db: no such table database', exitCode: 2 });
    expect(await explainOperatorError(new RuleSetError('rules.yaml: decks: expected number\ndealer: required'))).toEqual({ message: 'rules.yaml: decks: expected number; dealer: required', exitCode: 2 });
  });

  test('system errors name the path or the address in words', async () => {
    expect(await explainOperatorError(errno('ENOENT', { path: 'tables/x.yaml' }))).toEqual({ message: 'tables/x.yaml: no such file or directory', exitCode: 2 });
    expect(await explainOperatorError(errno('EISDIR', { path: 'config' }))).toEqual({ message: 'config: is a directory, not a file', exitCode: 2 });
    expect(await explainOperatorError(errno('EADDRINUSE', { address: '127.0.0.1', port: 8080 }))).toEqual({ message: '127.0.0.1:8080: address already in use', exitCode: 2 });
  });

  test("serialport's open failure is the operator's", async () => {
    expect(await explainOperatorError(new Error('Error: No such file or directory, cannot open /dev/ttyUSB0'))).toEqual({ message: 'No such file or directory, cannot open /dev/ttyUSB0', exitCode: 2 });
  });

  test('a capture that differs is a finding, exit 1', async () => {
    expect((await explainOperatorError(new CaptureMismatchError('event 12 differs')))?.exitCode).toBe(1);
  });

  test('anything else is a fault of the program', async () => {
    expect(await explainOperatorError(new TypeError("Cannot read properties of undefined (reading 'seat')"))).toBeNull();
    expect(await explainOperatorError('a string')).toBeNull();
  });
});
