// The conventional CLI: every verb has --help / -h (exit 0, usage on stdout);
// --version; unknown options, extra arguments and missing required options are exit 2 with one line
// saying what is wrong and the verb's usage; operator mistakes (a directory, a missing file or device,
// an unreachable NATS) are one line, exit 2, never a stack trace.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from '../../src/cli/commands.js';
import { ROOT } from '../support/run-cli.js';
import { shoeInProcess as shoe, shoeInProcessWith } from '../support/shoe-in-process.js';
import { cliBundle } from '../support/cli-bundle.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { replaySession } from '../../src/session/replay-session.js';
import { parseSession } from '../../src/session/parse-session.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { playRandomSession } from '../support/random-session.js';

const VERBS = COMMANDS.map((c) => c.name);
const DEMO = join(ROOT, 'config/demo/six-deck-demo.jsonl');
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A usage error: exit 2, stderr = "shoe VERB: what" + the verb's usage line + a pointer to --help. */
function expectUsageError(r: { code: number; stdout: string; stderr: string }, verb: string, what: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(new RegExp(`^shoe ${verb}: `));
  expect(lines[0]).toMatch(what);
  expect(lines[1]).toMatch(new RegExp(`^usage: shoe ${verb}\\b`));
  expect(lines).toHaveLength(3);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/** An operator mistake: exit 2, exactly one line on stderr, no stack trace. */
function expectOneLine(r: { code: number; stdout: string; stderr: string }, verb: string, what: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(new RegExp(`^shoe ${verb}: `));
  expect(r.stderr).toMatch(what);
}

describe('help and version', () => {
  test('every verb is listed', () => {
    expect(VERBS).toEqual(['start', 'run', 'emulate', 'verify', 'recall', 'export', 'reconcile', 'backup', 'migrate', 'replay', 'demo', 'replay-capture', 'check', 'stack', 'scenarios', 'conformance', 'wallet', 'strategy', 'simulate', 'par-sheet', 'floor', 'shift-report', 'pit', 'displays']);
  });

  test.each(VERBS)('shoe %s --help and -h print its usage on stdout, exit 0', async (verb) => {
    for (const flag of ['--help', '-h']) {
      const r = await shoe(verb, flag);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^usage: shoe ${verb}\\b`));
      expect(r.stdout).toContain('-h, --help');
    }
    // help wins over anything else on the line, even a mistake
    expect((await shoe(verb, '--bogus', '--help')).code).toBe(0);
    expect((await shoe('help', verb)).stdout).toBe((await shoe(verb, '--help')).stdout);
  });

  test('each verb documents each of its options in its help', async () => {
    for (const c of COMMANDS) {
      const { stdout } = await shoe(c.name, '--help');
      for (const name of Object.keys(c.options)) expect(stdout, `${c.name} --${name}`).toContain(`--${name}`);
    }
  });

  test('an option with a range says it in its help', async () => {
    expect((await shoe('emulate', '--help')).stdout).toMatch(/--decks N +decks in the seeded shoe \(1 to 8; default: 6\)/);
    expect((await shoe('recall', '--help')).stdout).toMatch(/--last N +how many rounds \(1 or more; default: 10\)/);
  });

  test('start documents --capture', async () => {
    expect((await shoe('start', '--help')).stdout).toMatch(/--capture FILE/);
    expect((await shoe('--help')).stdout).not.toMatch(/--capture FILE/); // the overview has no syntax: start --help has
  });

  test('shoe --help lists every verb with its summary; shoe alone is an error', async () => {
    const help = await shoe('--help');
    expect(help.code).toBe(0);
    for (const verb of VERBS) expect(help.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));
    const none = await shoe();
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^shoe: missing command/);
  });

  test('--version prints the version of package.json', async () => {
    for (const flag of ['--version', '-V', '-v']) expect(await shoe(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  test('an unknown verb is exit 2 listing the verbs; a misspelled one names the verb meant', async () => {
    const r = await shoe('frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"; commands: start, run/);
    const near = await shoe('replai');
    expect([near.code, near.stderr]).toEqual([2, 'shoe: unknown command "replai": did you mean "shoe replay"? (shoe --help lists every command)\n']);
  });
});

describe('usage errors: exit 2, one line and the usage', () => {
  test.each(VERBS)('shoe %s refuses an unknown option', async (verb) => {
    expectUsageError(await shoe(verb, '--bogus'), verb, /unknown option --bogus$/);
  });

  test('a misspelled option is refused with a suggestion', async () => {
    expectUsageError(await shoe('replay', DEMO, '--rules', 'six-deck', '--frmat', 'text'), 'replay', /unknown option --frmat \(did you mean --format\?\)/);
  });

  test('replay without --rules is an error, not a silent six-deck', async () => {
    expectUsageError(await shoe('replay', DEMO), 'replay', /missing required option --rules NAME\|PATH/);
  });

  test.each([
    [['run', DEMO, '--rules', 'six-deck'], 'run', /missing required option --db PATH/],
    [['run', DEMO, '--db', 'x.db'], 'run', /missing required option --rules/],
    [['emulate'], 'emulate', /missing required option --serial PATH/],
    [['replay-capture', DEMO], 'replay-capture', /missing required option --rules/],
    [['replay', '--rules', 'six-deck'], 'replay', /missing FILE/],
    [['verify'], 'verify', /missing DB/],
    [['recall'], 'recall', /missing DB/],
    [['export'], 'export', /missing DB/],
  ] as const)('%j is missing something', async (argv, verb, what) => {
    expectUsageError(await shoe(...argv), verb, what);
  });

  test.each([
    [['replay', DEMO, 'extra', '--rules', 'six-deck'], 'replay'],
    [['migrate', 'a.db', 'b.db'], 'migrate'],
    [['start', 'now'], 'start'],
    [['floor', 'everything'], 'floor'],
    [['demo', DEMO, DEMO], 'demo'],
  ] as const)('%j has an extra argument', async (argv, verb) => {
    expectUsageError(await shoe(...argv), verb, /unexpected argument "/);
  });

  test('values: a missing value, a value outside the choices, a number that is not one', async () => {
    expectUsageError(await shoe('replay', DEMO, '--rules'), 'replay', /option --rules needs a value/);
    expectUsageError(await shoe('replay', DEMO, '--rules', '--format', 'text'), 'replay', /option --rules needs a value/);
    expectUsageError(await shoe('replay', DEMO, '--rules', 'six-deck', '--format', 'xml'), 'replay', /--format takes jsonl or text, not "xml"/);
    expectUsageError(await shoe('recall', 'x.db', '--last', 'ten'), 'recall', /--last takes a whole number, not "ten"/);
    expectUsageError(await shoe('recall', 'x.db', '--last', '0'), 'recall', /--last takes 1 or more, not 0/);
    // Whole numbers outside what the option can mean: refused before anything opens (a shoe of no decks
    // and a line speed of 0 used to reach the emulator and serialport, and end in a stack trace).
    expectUsageError(await shoe('emulate', '--serial', '/dev/null', '--decks', '0'), 'emulate', /--decks takes 1 to 8, not 0/);
    expectUsageError(await shoe('emulate', '--serial', '/dev/null', '--decks', '9'), 'emulate', /--decks takes 1 to 8, not 9/);
    expectUsageError(await shoe('emulate', '--serial', '/dev/null', '--baud', '0'), 'emulate', /--baud takes 1 or more, not 0/);
    expectUsageError(await shoe('conformance', '--serial', '/dev/null', '--baud', '0'), 'conformance', /--baud takes 1 or more, not 0/);
    expectUsageError(await shoe('verify', 'x.db', '--threads', '0'), 'verify', /--threads takes 1 or more, not 0/);
    // Seeds have 32 bits (src/random/seed-range.ts): a larger one would be printed but not used. Past what a
    // number holds exactly, a value is not the one typed (99999999999999999999 became 1e20).
    expectUsageError(await shoe('simulate', '--rules', 'six-deck', '--rounds', '10', '--seed', '4294967296'), 'simulate', /--seed takes at most 4294967295, not 4294967296/);
    expectUsageError(await shoe('par-sheet', '--rules', 'six-deck', '--seed', '4294967296'), 'par-sheet', /--seed takes at most 4294967295/);
    expectUsageError(await shoe('simulate', '--rules', 'six-deck', '--rounds', '99999999999999999999'), 'simulate', /--rounds takes a whole number up to 9007199254740991, not 99999999999999999999/);
    expectUsageError(await shoe('start', '--port', '80a'), 'start', /--port takes a whole number/);
    expectUsageError(await shoe('replay', DEMO, '--rules', 'six-deck', '--quiet=yes'), 'replay', /option --quiet takes no value/);
    expectUsageError(await shoe('floor', '--since', 'yesterday'), 'floor', /--since takes an ISO time/);
    expectUsageError(await shoe('replay', DEMO, '--rules', 'six-deck', '--rules', 'classic'), 'replay', /option --rules given twice/);
    expectUsageError(await shoe('replay', DEMO, '--rules', 'six-deck', '-q', '--quiet'), 'replay', /option --quiet given twice/);
  });
});

describe("operator mistakes: one line, exit 2, no stack trace", () => {
  const dir = mkdtempSync(join(tmpdir(), 'shoe-cli-'));

  test('a directory given as a file, and a file as a directory', async () => {
    expectOneLine(await shoe('replay', dir, '--rules', 'six-deck'), 'replay', /is a directory/);
    expectOneLine(await shoe('export', dir), 'export', /is a directory/);
    expectOneLine(await shoe('run', DEMO, '--rules', 'six-deck', '--db', dir), 'run', /is a directory/);
    // Read whole as text (read-text-file.ts): Node's EISDIR names no file, the line does.
    const named = new RegExp(`: ${dir}: is a directory, not a file\n$`);
    expectOneLine(await shoe('simulate', '--rules', 'six-deck', '--rounds', '10', '--strategy', dir), 'simulate', named);
    expectOneLine(await shoe('emulate', '--serial', '/dev/null', '--cards', dir), 'emulate', named);
    expectOneLine(await shoe('replay-capture', dir, '--rules', 'six-deck'), 'replay-capture', named);
    expectOneLine(await shoe('par-sheet', '--verify', dir), 'par-sheet', named);
    // A file given where a folder is written.
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expectOneLine(await shoe('scenarios', 'generate', '--rules', 'six-deck', '--out', file), 'scenarios', /--out .*a-file is a file: give a folder for the scenario files/);
  });

  test('a missing file', async () => {
    expectOneLine(await shoe('replay', join(dir, 'nope.jsonl'), '--rules', 'six-deck'), 'replay', /nope\.jsonl: no such session file/);
    expectOneLine(await shoe('run', join(dir, 'nope.jsonl'), '--rules', 'six-deck', '--db', join(dir, 'x.db')), 'run', /no such session file/);
    expectOneLine(await shoe('run', DEMO, '--rules', 'six-deck', '--db', join(dir, 'no-folder', 'x.db')), 'run', /no-folder: no such folder/);
    expectOneLine(await shoe('export', join(dir, 'nope.db')), 'export', /no such table database/);
    expectOneLine(await shoe('replay-capture', join(dir, 'nope.capture'), '--rules', 'six-deck'), 'replay-capture', /nope\.capture: no such file or directory/);
    expectOneLine(await shoe('start', '--table', join(dir, 'nope.yaml')), 'start', /nope\.yaml: no such table file \(give --table the path/);
    expectOneLine(await shoe('displays', '--config', join(dir, 'nope.yaml')), 'displays', /nope\.yaml: no such table file \(give --config the path/);
    expectOneLine(await shoe('simulate', '--rules', 'six-deck', '--rounds', '10', '--strategy', join(dir, 'nope.json')), 'simulate', /nope\.json: no such file or directory\n$/);
    expectOneLine(await shoe('par-sheet', '--verify', join(dir, 'nope.json')), 'par-sheet', /nope\.json: no such file or directory\n$/);
    expectOneLine(await shoe('emulate', '--serial', '/dev/null', '--cards', join(dir, 'nope.txt')), 'emulate', /nope\.txt: no such file or directory\n$/);
  });

  test('a report file that cannot be written is refused before the work, not after it', async () => {
    const report = join(dir, 'no-such-folder', 'report.xml');
    const checked = await shoe('check', join(ROOT, 'test/scenarios/shared/p01-six-deck-player-blackjack.json'), '--junit', report);
    expectOneLine(checked, 'check', new RegExp(`--junit ${report}: the folder ${join(dir, 'no-such-folder')} does not exist`));
    expect(checked.stdout).toBe('');
    const plainFile = join(dir, 'not-a-tty-either');
    writeFileSync(plainFile, '');
    expectOneLine(await shoe('conformance', '--serial', plainFile, '--scripted', '--junit', dir), 'conformance', new RegExp(`--junit ${dir} is a folder: give the path of a file for the JUnit report`));
  });

  test('a missing serial device', async () => {
    expectOneLine(await shoe('emulate', '--serial', '/dev/no-such-shoe'), 'emulate', /\/dev\/no-such-shoe: no such serial device/);
    const plainFile = join(dir, 'not-a-tty');
    writeFileSync(plainFile, '');
    expectOneLine(await shoe('emulate', '--serial', plainFile), 'emulate', /not-a-tty: cannot open as a serial line/);
    expectOneLine(await shoe('conformance', '--serial', plainFile, '--scripted'), 'conformance', /not-a-tty: cannot open as a serial line/);
  });

  test('a refused NATS connection: the floor report and a display gateway say so and exit, neither waits', async () => {
    for (const verb of ['floor', 'displays']) {
      expectOneLine(await shoe(verb, '--nats', 'nats://127.0.0.1:1'), verb, /cannot reach NATS at nats:\/\/127\.0\.0\.1:1: connection refused; start it, or give the right --nats URL\n$/);
    }
  });

  test('a malformed session line names the file and the line; a run writes no log for it', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"type":"shoe.loaded"}\n{"type":"card","card":"QH"}\n{"type":"card"\n');
    expectOneLine(await shoe('replay', bad, '--rules', 'six-deck'), 'replay', /bad\.jsonl: line 3: not JSON/);
    const db = join(dir, 'bad.db');
    expectOneLine(await shoe('run', bad, '--rules', 'six-deck', '--db', db), 'run', /bad\.jsonl: line 3: not JSON/);
    expectOneLine(await shoe('export', db), 'export', /no such table database/);
  });
});

describe('streaming replay', () => {
  test('prints byte for byte what the whole-session replay derives, in both formats', async () => {
    const rules = loadRuleSet('six-deck').rules;
    const file = join(mkdtempSync(join(tmpdir(), 'shoe-cli-')), 'random.jsonl');
    writeFileSync(file, playRandomSession(rules, 99, 150).inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
    const { steps } = replaySession(rules, parseSession(readFileSync(file, 'utf8')));
    const expected = steps.flatMap((s) => s.events.map((e) => `${JSON.stringify(e)}\n`)).join('');
    const r = await shoe('replay', file, '--rules', 'six-deck');
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(64 * 1024); // more than one chunk of the line writer
    expect(r.stdout).toBe(expected);
    expect((await shoe('demo')).stdout).toBe((await shoe('replay', DEMO, '--rules', 'six-deck', '--format', 'text')).stdout);
  });
});

describe('progress on stderr', () => {
  const tty = { tty: true, msPerRead: 50 }; // the demo session's 97 lines then take ~5 s of fake time

  test('a long replay on a terminal shows lines done / estimated total, rate and time left; stdout is untouched', async () => {
    const plain = await shoe('replay', DEMO, '--rules', 'six-deck');
    const r = await shoeInProcessWith(tty, 'replay', DEMO, '--rules', 'six-deck');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(plain.stdout);
    expect(r.stderr).toMatch(/\rreplay: [\d,]+ \/ ~?[\d,]+ lines \(\d+%\) · [\d,]+ lines\/s · [\d.]+ (s|min)/);
    expect(r.stderr).toMatch(/\rreplay: [\d,]+ lines in [\d.]+ s \([\d,]+ lines\/s\)\x1b\[K\n$/);
  });

  test('--quiet silences it, and so does a stderr that is not a terminal', async () => {
    expect((await shoeInProcessWith(tty, 'replay', DEMO, '--rules', 'six-deck', '--quiet')).stderr).toBe('');
    expect((await shoeInProcessWith({ tty: false, msPerRead: 10 }, 'replay', DEMO, '--rules', 'six-deck')).stderr).toBe('');
  });

  test('run and export report progress too', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'shoe-cli-')), 't.db');
    const run = await shoeInProcessWith(tty, 'run', DEMO, '--rules', 'six-deck', '--db', db);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\rrun: checking: [\d,]+/);
    expect(run.stderr).toMatch(/\rrun: [\d,]+ \/ ~?[\d,]+ lines/);
    // export reads the clock once a page (1,000 events): a log of several pages, a slower fake clock.
    const dir = mkdtempSync(join(tmpdir(), 'shoe-cli-'));
    const session = join(dir, 'long.jsonl');
    writeFileSync(session, playRandomSession(loadRuleSet('six-deck').rules, 7, 60).inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
    const longDb = join(dir, 'long.db');
    expect((await shoe('run', session, '--rules', 'six-deck', '--db', longDb, '--synchronous', 'NORMAL')).code).toBe(0);
    const exported = await shoeInProcessWith({ tty: true, msPerRead: 1000 }, 'export', longDb);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/\rexport: [\d,]+ \/ [\d,]+ events \(\d+%\)/);
    expect(exported.stderr).toMatch(/\rexport: [\d,]+ events in/);
    expect(exported.stdout.split('\n').filter(Boolean)).toHaveLength(readFileSync(session, 'utf8').split('\n').filter(Boolean).length);
  });
});

describe('the real process', () => {
  test('exit statuses and streams as a shell sees them', async () => {
    const cli = await cliBundle();
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { cwd: ROOT }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    expect(await run('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const unknown = await run('verify', '--frmat');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe('shoe verify: unknown option --frmat (did you mean --format?)');
    const dirAsFile = await run('replay', 'config', '--rules', 'six-deck');
    expect(dirAsFile).toEqual({ code: 2, stdout: '', stderr: 'shoe replay: config: is a directory; give a session file\n' });
  });
});
