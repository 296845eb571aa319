// Parsing one verb's arguments against its spec with `node:util` parseArgs in strict mode (no
// dependency: it ships with Node and refuses unknown options and missing values by itself). What it
// refuses becomes one line in the operator's words (a UsageError); counts of positionals, required
// options, choices and whole numbers are checked here from the spec.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';
import { closestName } from './closest-name.js';
import { rangeOf, type Command, type CommandArgs, type OptionSpec, type OptionSpecs } from './command-spec.js';

export type ParsedCommandLine = { readonly help: true } | { readonly help: false; readonly args: CommandArgs<OptionSpecs> };

function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

function suggestion(unknown: string, options: OptionSpecs): string {
  const close = closestName(unknown.replace(/^-+/, '').split('=')[0] ?? '', [...Object.keys(options), 'help']);
  return close ? ` (did you mean --${close}?)` : '';
}

/** Node's messages, rewritten as one short line each. */
function explain(err: Error & { code?: string }, options: OptionSpecs): string {
  // Node quotes the option as '--frmat', '--rules <value>' or '-q, --quiet': name it by its long form.
  const quoted = /'([^']+)'/.exec(err.message)?.[1] ?? '';
  const name = /--[^\s,=]+/.exec(quoted)?.[0] ?? quoted.split(' ')[0] ?? quoted;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${name}${suggestion(name, options)}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (err.message.includes('does not take an argument')) return `option ${name} takes no value`;
      if (err.message.includes('ambiguous')) return `option ${name} needs a value (write ${name}=VALUE for a value starting with "-")`;
      return `option ${name} needs a value`;
    default:
      return err.message.split('\n')[0] ?? err.message;
  }
}

function checkValue(name: string, option: OptionSpec, raw: string): string | number {
  if (option.type === 'integer') {
    if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} takes a whole number, not "${raw}"`);
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) throw new UsageError(`--${name} takes a whole number up to ${Number.MAX_SAFE_INTEGER}, not ${raw}`);
    if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max)) throw new UsageError(`--${name} takes ${rangeOf(option)}, not ${raw}`);
    return n;
  }
  if (option.choices && !option.choices.includes(raw)) throw new UsageError(`--${name} takes ${option.choices.join(' or ')}, not "${raw}"`);
  return raw;
}

export function parseCommandLine(command: Command, argv: readonly string[]): ParsedCommandLine {
  if (wantsHelp(argv)) return { help: true };
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, option] of Object.entries(command.options)) {
    config[name] = { type: option.type === 'boolean' ? 'boolean' : 'string', ...(option.short ? { short: option.short } : {}) };
  }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[]; tokens: Array<{ kind: string; name?: string }> };
  try {
    parsed = parseArgs({ args: [...argv], options: config, strict: true, allowPositionals: true, tokens: true }) as typeof parsed;
  } catch (err) {
    throw new UsageError(explain(err as Error & { code?: string }, command.options));
  }
  // parseArgs keeps the last of a repeated option; two values for one setting is a mistake to refuse.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    if (seen.has(token.name)) throw new UsageError(`option --${token.name} given twice`);
    seen.add(token.name);
  }

  const required = command.positionals.filter((p) => p.required !== false);
  // A last positional named `…...` (e.g. `FILE|DIR...`) takes any number of arguments.
  const variadic = command.positionals.at(-1)?.name.endsWith('...') === true;
  const extra = variadic ? undefined : parsed.positionals[command.positionals.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const missing = required[parsed.positionals.length];
  if (missing) throw new UsageError(`missing ${missing.name} (${missing.description})`);

  const values: Record<string, string | number | boolean | undefined> = {};
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (const [name, option] of Object.entries(command.options)) {
    const raw = parsed.values[name];
    if (option.type === 'boolean') {
      values[name] = raw === true;
      if (raw === true) flags.add(name);
      continue;
    }
    if (typeof raw === 'string') {
      values[name] = checkValue(name, option, raw);
      options.set(name, raw);
    } else if (option.required) {
      throw new UsageError(`missing required option --${name} ${option.value ?? option.choices?.join('|') ?? 'VALUE'}`);
    } else if (option.default !== undefined) {
      values[name] = option.default;
      options.set(name, String(option.default));
    }
  }
  return {
    help: false,
    args: { command: command.name, positional: parsed.positionals, options, flags, values: values as CommandArgs<OptionSpecs>['values'] },
  };
}
