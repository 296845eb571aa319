// A verb of the `shoe` command as data: its name, a one-line summary, its positionals,
// its options with types, defaults and whether they are required, and the function that runs it. The
// framework (parse-command-line.ts, command-usage.ts, run-shoe.ts) derives parsing, `--help`, the usage
// line and the errors from this declaration, so adding a verb is one file in verbs/ and one line in verbs/index.ts.

/** `integer` is read as a string by `node:util` parseArgs and checked to be a whole number ≥ 0 (and within `min`..`max`). */
export type OptionType = 'string' | 'boolean' | 'integer';

export interface OptionSpec {
  readonly type: OptionType;
  /** One-letter alias (`-q`). */
  readonly short?: string;
  /** The value's placeholder in the usage (`NAME|PATH`); derived from `choices` when absent. */
  readonly value?: string;
  readonly description: string;
  readonly default?: string | number;
  readonly required?: boolean;
  /** The only values a string option takes. */
  readonly choices?: readonly string[];
  /** The least and the greatest value an integer option takes (a value outside them is a usage error). */
  readonly min?: number;
  readonly max?: number;
}

/** An integer option's range in words: "1 to 8", "1 or more", "at most 8". */
export function rangeOf(option: OptionSpec): string {
  if (option.min !== undefined && option.max !== undefined) return `${option.min} to ${option.max}`;
  if (option.min !== undefined) return `${option.min} or more`;
  return option.max !== undefined ? `at most ${option.max}` : 'a whole number';
}

export interface PositionalSpec {
  /** Shown in the usage, upper case by convention (`FILE`, `DB`). */
  readonly name: string;
  readonly description: string;
  /** Default true. Optional positionals come after the required ones. */
  readonly required?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean'
  ? boolean
  : O['type'] extends 'integer'
    ? number
    : O['choices'] extends readonly (infer C extends string)[]
      ? C
      : string;

type IsSet<O extends OptionSpec> = O['type'] extends 'boolean' ? true : O extends { required: true } ? true : O extends { default: string | number } ? true : false;

/** The parsed option values, typed from the spec: booleans are always set, others when required or defaulted. */
export type OptionValues<O extends OptionSpecs> = {
  readonly [K in keyof O]: IsSet<O[K]> extends true ? ValueOf<O[K]> : ValueOf<O[K]> | undefined;
};

/**
 * What a verb's `run` receives: the positionals, and the option values checked and typed from the spec
 * (`options` holds the given or defaulted string options as written, `flags` the booleans given).
 */
export interface CommandArgs<O extends OptionSpecs> {
  readonly command: string;
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
  readonly values: OptionValues<O>;
}

/** A stream a progress line may be drawn on (process.stderr, or a fake in tests). */
export interface StatusStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): boolean;
}

export interface CommandIO {
  /** Standard output as a stream: verbs that write much respect its backpressure (line-writer.ts). */
  readonly stdout: NodeJS.WritableStream;
  /** Standard error: progress (progress.ts) and notes. */
  readonly stderr: StatusStream;
  /** One line to stdout, for verbs that write little. */
  readonly out: (line: string) => void;
  /** Milliseconds, for progress rates (the process's clock, src/adapters/clock/real-clock.ts; a fake clock in tests). */
  readonly now: () => number;
}

/** The task a verb serves: `shoe --help` lists the verbs under these, in this order (command-usage.ts). */
export const COMMAND_GROUPS = {
  table: 'Run a table',
  audit: 'Audit a table log',
  qa: 'QA: replay, check and test',
  analysis: 'Analysis of a rule set',
  floor: 'The floor (NATS)',
} as const;

export type CommandGroup = keyof typeof COMMAND_GROUPS;

export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  readonly name: string;
  readonly group: CommandGroup;
  readonly summary: string;
  readonly positionals: readonly PositionalSpec[];
  readonly options: O;
  /** Extra lines for `--help` (notes, examples). */
  readonly details?: readonly string[];
  /** Goes through a log or a session of any length: its heap is kept small (small-young-generation.ts). */
  readonly streaming?: boolean;
  run(args: CommandArgs<O>, io: CommandIO): number | Promise<number>;
}

/** Any verb, whatever its options (the registry's element type). */
export interface Command {
  readonly name: string;
  readonly group: CommandGroup;
  readonly summary: string;
  readonly positionals: readonly PositionalSpec[];
  readonly options: OptionSpecs;
  readonly details?: readonly string[];
  readonly streaming?: boolean;
  run(args: CommandArgs<OptionSpecs>, io: CommandIO): number | Promise<number>;
}

/** Declares a verb with its option values typed from the spec. */
export function defineCommand<const O extends OptionSpecs>(spec: CommandSpec<O>): Command {
  return spec as unknown as Command;
}
