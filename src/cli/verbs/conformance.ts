// `shoe conformance --serial PATH [--scripted] [--format text|json] [--junit FILE]`: runs the
// protocol conformance suite (src/conformance) against the device on the line and prints one line
// per PROTOCOL.md clause; exit 0 only when every mandatory clause passes, 1 when one fails.
import { writeFile } from 'node:fs/promises';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { defineCommand } from '../command-spec.js';
import { OperatorError } from '../operator-error.js';
import { serialOpenFailure } from '../serial-open-failure.js';
import { checkJunitFile } from '../junit-file.js';
import { realClock } from '../../adapters/clock/real-clock.js';

export const verb = defineCommand({
  name: 'conformance',
  group: 'qa',
  summary: 'Runs the shoe link conformance suite (PROTOCOL.md) against the device on a serial line; exit 1 when a mandatory clause fails.',
  positionals: [],
  options: {
    serial: { type: 'string', value: 'PATH', required: true, description: "the controller's end of the line to the shoe, e.g. /dev/ttyUSB0" },
    scripted: { type: 'boolean', description: 'the device draws by itself while its gate is open (the emulators); otherwise a person is asked to draw' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'one line per clause, or JSON' },
    junit: { type: 'string', value: 'FILE', description: 'also write a JUnit XML report' },
    baud: { type: 'integer', default: 115200, min: 1, description: 'the line speed' },
  },
  async run(args, io) {
    const device = args.values.serial;
    if (!(await stat(device).catch(() => null))) throw new OperatorError(`${device}: no such serial device`);
    checkJunitFile(args.values.junit);
    const [{ runConformance }, report] = await Promise.all([import('../../conformance/suite.js'), import('../../conformance/report.js')]);
    const prompt = async (what: string): Promise<void> => {
      io.stderr.write(`${what} Press Enter when done.\n`);
      const rl = createInterface({ input: process.stdin });
      await new Promise<void>((r) => rl.once('line', () => (rl.close(), r())));
    };
    const results = await runConformance({ serialPath: device, scripted: args.values.scripted, prompt, baud: args.values.baud, clock: realClock() }).catch((err: unknown) => {
      throw serialOpenFailure(device, err) ?? err;
    });
    const text = args.values.format === 'json' ? report.formatJson(results) : report.formatText(results);
    io.out(text.replace(/\n$/, ''));
    if (args.values.junit) await writeFile(args.values.junit, report.formatJunit(results));
    return report.exitCodeOf(results);
  },
});
