// Command-line arguments as a verb sees them: positionals, `--name value` options and `--flag`s
// (parsed from the verb's spec by parse-command-line.ts), and the error for a usage mistake.
export interface ParsedArgs {
  readonly command: string | undefined;
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
}

export class UsageError extends Error {}
