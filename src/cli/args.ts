// Command-line arguments: positionals and `--name value` / `--flag` options.
export interface ParsedArgs {
  readonly command: string | undefined;
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], flagNames: readonly string[] = []): ParsedArgs {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) options.set(name, inline);
    else if (flagNames.includes(name)) flags.add(name);
    else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`option --${name} needs a value`);
      options.set(name, value);
      i++;
    }
  }
  return { command, positional, options, flags };
}
