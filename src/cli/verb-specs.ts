// The declarations of the verbs whose work is written against `ParsedArgs` (start, verify, recall,
// emulate, replay-capture): the framework parses and checks their arguments from these specs, then calls
// the existing functions unchanged. A verb written that way plugs in the same: declare its options
// here (or in its own file) and add it to commands.ts.
// Their modules are imported when the verb runs, so `shoe --help` or one verb loads only what it uses.
import { stat } from 'node:fs/promises';
import { defineCommand } from './command-spec.js';
import { OperatorError } from './operator-error.js';

export const startVerb = defineCommand({
  name: 'start',
  summary: 'Runs a table: the round machine, the shoe link, the durable log and the pages (default: the demo table with an emulated shoe).',
  positionals: [],
  options: {
    table: { type: 'string', value: 'FILE', description: 'the table file (default: config/tables/demo.yaml)' },
    serial: { type: 'string', value: 'PATH', description: "the shoe's serial device, e.g. /dev/ttyUSB0 (default: the table file's, else the emulated shoe)" },
    manual: { type: 'boolean', description: 'people play the seats from /play (no bot players)' },
    port: { type: 'integer', description: 'the HTTP port (default: PORT, else the table file\'s)' },
    host: { type: 'string', value: 'ADDRESS', description: 'the HTTP address to listen on (default: HOST, else the table file\'s)' },
    'data-dir': { type: 'string', value: 'DIR', description: "where the table's log lives (default: DATA_DIR, else the table file's store path)" },
    capture: { type: 'string', value: 'FILE', description: 'record the raw shoe bytes and every input for replay-capture' },
    'accept-log-behind-anchor': { type: 'string', value: 'NAME', description: 'who decides to start on a log behind (or different from) its anchor; recorded on the log' },
    reason: { type: 'string', value: 'TEXT', description: 'why, with --accept-log-behind-anchor' },
    check: { type: 'boolean', description: 'validate the whole configuration (file, environment, options, ports) and exit: 0 valid, 2 not; opens and creates nothing' },
  },
  run: async (args) => {
    const [{ startCommand }, { createWebServer }] = await Promise.all([import('./start-command.js'), import('../adapters/web/create-web-server.js')]);
    return startCommand(args, createWebServer);
  },
});

export const verifyVerb = defineCommand({
  name: 'verify',
  summary: 'Checks a table log: readable, anchors, hash chain, MACs with the key, every event re-derived (exit 0 intact, 1 broken, 2 unreadable).',
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key (default SHOE_LOG_KEY when set): check every MAC' },
    nats: { type: 'string', value: 'URL', description: "also judge the log against the table's anchor in the JetStream KV bucket" },
    quiet: { type: 'boolean', description: 'no progress on stderr' },
    threads: { type: 'string', choices: ['1', '2'], description: 'threads to check with: 2 re-runs the round machine while a worker checks the chain and MACs (default: 2 for a log of 50,000 events or more when compiled, else 1)' },
  },
  streaming: true,
  run: async (args, io) => (await import('./verify-command.js')).verifyCommand(args, io),
});

export const backupVerb = defineCommand({
  name: 'backup',
  summary: "Copies a live table's log with SQLite's online backup, verifies the copy and writes its anchor (FILE.anchors).",
  positionals: [{ name: 'DB', description: "the live table's SQLite log" }, { name: 'FILE', description: 'the new copy (never overwritten)' }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key: check every MAC of the copy' },
    quiet: { type: 'boolean', description: 'no progress on stderr' },
  },
  run: async (args, io) => (await import('./backup-command.js')).backupCommand(args, io.out),
});

export const recallVerb = defineCommand({
  name: 'recall',
  summary: 'Game recall: the last rounds of a table log, step by step.',
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    last: { type: 'integer', default: 10, description: 'how many rounds' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'readable steps, or JSON' },
  },
  streaming: true,
  run: async (args, io) => (await import('./log-commands.js')).recallCommand(args, io.out),
});

export const emulateVerb = defineCommand({
  name: 'emulate',
  summary: 'An emulated shoe on a serial device (e.g. one end of `socat -d -d pty,raw,echo=0 pty,raw,echo=0`), until Ctrl-C.',
  positionals: [],
  options: {
    serial: { type: 'string', value: 'PATH', required: true, description: "the shoe's end of the serial line" },
    cards: { type: 'string', value: 'FILE', description: 'the cards in dealing order (JSON array or whitespace-separated), instead of a seeded shuffle' },
    seed: { type: 'integer', default: 1, description: 'the shuffle seed' },
    decks: { type: 'integer', default: 6, description: 'decks in the seeded shoe' },
    faults: { type: 'string', value: 'SPEC', description: 'faults to inject (src/adapters/shoe-emulator/README.md)' },
    baud: { type: 'integer', default: 115200, description: 'the line speed' },
    'auto-draw': { type: 'integer', value: 'MS', description: 'the dealer draws a card this often while the gate is open' },
  },
  details: ['Fault SPEC: drop=P,corrupt=P,dup=P,delay=P[:MS],misread=P,jam@N[:S],reversed@N[:S],dirty@N[:S],unplug@N:S,reboot@N[:S],seed=N'],
  async run(args, io) {
    const device = args.values.serial;
    if (!(await stat(device).catch(() => null))) throw new OperatorError(`${device}: no such serial device`);
    try {
      return await (await import('./shoe-commands.js')).emulateCommand(args, io.out);
    } catch (err) {
      // serialport's open errors ("Error: Inappropriate ioctl for device setting custom baud rate …",
      // "Error: Permission denied, cannot open …"): the device is not one the shoe can use.
      const message = err instanceof Error ? err.message.replace(/^(Error: )+/, '') : '';
      if (/ioctl|baud rate|cannot open|permission denied/i.test(message)) throw new OperatorError(`${device}: cannot open as a serial line (${message})`);
      throw err;
    }
  },
});

export const replayCaptureVerb = defineCommand({
  name: 'replay-capture',
  summary: "A capture (start --capture) through the decoder and the round machine; prints the live run's events, exit 1 if they differ.",
  positionals: [{ name: 'FILE', description: 'the capture file' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    format: { type: 'string', choices: ['jsonl', 'text'], default: 'jsonl', description: 'one JSON fact per line, or the story' },
  },
  run: async (args, io) => (await import('./shoe-commands.js')).replayCaptureCommand(args, io.out),
});
