// The benchmarks' command-line options: `--name value`, read as a number, with a default.

/** The number after `--name` on the command line, or `dflt` when it is not given. */
export function numberOption(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}
