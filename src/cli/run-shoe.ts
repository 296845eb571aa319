// The `shoe` command's dispatcher: top-level --help and --version, then one verb parsed against its spec
// and run. Exit statuses: 0 done, 1 a finding (a mismatch, a failed check) or a fault of the program,
// 2 the operator's mistake — a usage error (one line and the verb's usage) or a missing file, device or
// server (one line). Only a fault of the program prints a stack trace.
import { keepYoungGenerationSmall } from './small-young-generation.js';
import { UsageError } from './usage-error.js';
import type { Command, CommandIO } from './command-spec.js';
import { helpText, topLevelHelp, usageLine } from './command-usage.js';
import { parseCommandLine } from './parse-command-line.js';
import { explainOperatorError } from './cli-errors.js';
import { closestName } from './closest-name.js';

export interface ShoeProgram {
  readonly commands: readonly Command[];
  readonly version: string;
}

/** An unknown verb: the nearest verb when one is near ("did you mean …?"), and every verb. */
function unknownCommand(verb: string, commands: readonly Command[]): string {
  const names = commands.map((c) => c.name);
  const kind = verb.startsWith('-') ? 'option' : 'command';
  const near = kind === 'command' ? closestName(verb, names) : closestName(verb, ['--version', '--help']);
  if (near) return `shoe: unknown ${kind} "${verb}": did you mean "shoe ${near}"? (shoe --help lists every command)`;
  return `shoe: unknown ${kind} "${verb}"; commands: ${names.join(', ')} (shoe --help)`;
}

export async function runShoe(argv: readonly string[], program: ShoeProgram, io: CommandIO): Promise<number> {
  const fail = (text: string): number => {
    io.stderr.write(`${text}\n`);
    return 2;
  };
  const [verb, ...rest] = argv;
  if (verb === undefined) return fail(`shoe: missing command\n${topLevelHelp(program.commands)}`);
  if (verb === '--version' || verb === '-v' || verb === '-V') {
    io.out(program.version);
    return 0;
  }
  if (verb === '--help' || verb === '-h' || verb === 'help') {
    const about = rest[0] !== undefined ? program.commands.find((c) => c.name === rest[0]) : undefined;
    if (rest[0] !== undefined && !about) return fail(unknownCommand(rest[0], program.commands));
    io.out(about ? helpText(about) : topLevelHelp(program.commands));
    return 0;
  }
  const command = program.commands.find((c) => c.name === verb);
  if (!command) return fail(unknownCommand(verb, program.commands));
  const name = `shoe ${command.name}`;
  try {
    const parsed = parseCommandLine(command, rest);
    if (parsed.help) {
      io.out(helpText(command));
      return 0;
    }
    if (command.streaming) keepYoungGenerationSmall();
    return await command.run(parsed.args, io);
  } catch (err) {
    if (err instanceof UsageError) return fail(`${name}: ${err.message}\nusage: ${usageLine(command)}\n(${name} --help for details)`);
    const explained = await explainOperatorError(err);
    if (explained) {
      io.stderr.write(`${name}: ${explained.message}\n`);
      return explained.exitCode;
    }
    io.stderr.write(`${name}: unexpected error (a fault of the program, please report it): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}
