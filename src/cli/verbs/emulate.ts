// `shoe emulate`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { stat } from 'node:fs/promises';
import { defineCommand } from '../command-spec.js';
import { SEED_MAX } from '../../random/seed-range.js';
import { OperatorError } from '../operator-error.js';
import { serialOpenFailure } from '../serial-open-failure.js';

export const verb = defineCommand({
  name: 'emulate',
  group: 'table',
  summary: 'An emulated shoe on a serial device (e.g. one end of `socat -d -d pty,raw,echo=0 pty,raw,echo=0`), until Ctrl-C.',
  positionals: [],
  options: {
    serial: { type: 'string', value: 'PATH', required: true, description: "the shoe's end of the serial line" },
    cards: { type: 'string', value: 'FILE', description: 'the cards in dealing order (JSON array or whitespace-separated), instead of a seeded shuffle' },
    seed: { type: 'integer', default: 1, max: SEED_MAX, description: 'the shuffle seed' },
    decks: { type: 'integer', default: 6, min: 1, max: 8, description: 'decks in the seeded shoe' },
    faults: { type: 'string', value: 'SPEC', description: 'faults to inject (src/adapters/shoe-emulator/README.md)' },
    baud: { type: 'integer', default: 115200, min: 1, description: 'the line speed' },
    'auto-draw': { type: 'integer', value: 'MS', description: 'the dealer draws a card this often while the gate is open' },
  },
  details: ['Fault SPEC: drop=P,corrupt=P,dup=P,delay=P[:MS],misread=P,jam@N[:S],reversed@N[:S],dirty@N[:S],unplug@N:S,reboot@N[:S],seed=N'],
  async run(args, io) {
    const device = args.values.serial;
    if (!(await stat(device).catch(() => null))) throw new OperatorError(`${device}: no such serial device`);
    try {
      return await (await import('../shoe-commands.js')).emulateCommand(args, io.out);
    } catch (err) {
      throw serialOpenFailure(device, err) ?? err;
    }
  },
});
