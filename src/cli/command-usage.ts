// The usage line and the `--help` text of a verb, and the top-level help, all derived from the specs
// (command-spec.ts) so they cannot drift from what the parser accepts.
import { COMMAND_GROUPS, rangeOf, type Command, type OptionSpec } from './command-spec.js';

function placeholder(option: OptionSpec): string {
  return option.value ?? option.choices?.join('|') ?? (option.type === 'integer' ? 'N' : 'VALUE');
}

function optionSyntax(name: string, option: OptionSpec): string {
  return option.type === 'boolean' ? `--${name}` : `--${name} ${placeholder(option)}`;
}

/** `shoe replay FILE --rules NAME|PATH [--format jsonl|text] [--quiet]` */
export function usageLine(command: Command): string {
  const parts = [`shoe ${command.name}`];
  for (const p of command.positionals) parts.push(p.required === false ? `[${p.name}]` : p.name);
  for (const [name, option] of Object.entries(command.options)) {
    const syntax = optionSyntax(name, option);
    parts.push(option.required ? syntax : `[${syntax}]`);
  }
  return parts.join(' ');
}

function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** The full `shoe VERB --help`: usage, summary, arguments, options with defaults, notes. */
export function helpText(command: Command): string {
  const lines = [`usage: ${usageLine(command)}`, '', command.summary];
  if (command.positionals.length > 0) {
    lines.push('', 'arguments:');
    lines.push(...table(command.positionals.map((p) => [p.name, p.required === false ? `${p.description} (optional)` : p.description] as const)));
  }
  const rows: Array<readonly [string, string]> = Object.entries(command.options).map(([name, option]) => {
    const left = `${option.short ? `-${option.short}, ` : ''}${optionSyntax(name, option)}`;
    const range = option.min !== undefined || option.max !== undefined ? rangeOf(option) : '';
    const notes = [option.required ? 'required' : '', range, option.default !== undefined ? `default: ${option.default}` : ''].filter(Boolean);
    return [left, `${option.description}${notes.length ? ` (${notes.join('; ')})` : ''}`] as const;
  });
  rows.push(['-h, --help', 'show this help']);
  lines.push('', 'options:', ...table(rows));
  if (command.details?.length) lines.push('', ...command.details);
  return lines.join('\n');
}

/** `shoe --help`: the verbs by the task they serve, each with its summary; `shoe VERB --help` has its syntax. */
export function topLevelHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = ['usage: shoe <command> [options]    (shoe <command> --help: its options and arguments)'];
  for (const [group, title] of Object.entries(COMMAND_GROUPS)) {
    const members = commands.filter((c) => c.group === group);
    if (members.length === 0) continue;
    lines.push('', `${title}:`, ...members.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`));
  }
  lines.push('', 'shoe --version (-V) prints the version.');
  return lines.join('\n');
}
