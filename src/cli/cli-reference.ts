// docs/cli.md, the CLI reference, generated from the verbs' specs (`npm run docs:cli` writes it;
// test/cli/cli-reference.test.ts fails when the file and the specs disagree).
import { COMMAND_GROUPS, type Command } from './command-spec.js';
import { helpText } from './command-usage.js';

export function cliReference(commands: readonly Command[]): string {
  const lines = [
    '# The `shoe` command',
    '',
    '<!-- Generated from the verbs\' specs (src/cli/verbs/<verb>.ts) by `npm run docs:cli`; do not edit by hand. -->',
    '',
    'Every tool of the product is a verb of one command: `shoe VERB ...` (installed by the package), or',
    '`npm run -s shoe -- VERB ...` in a checkout. `shoe --help` (or `shoe help`) lists the verbs by task, as the',
    "headings below group them; `shoe VERB --help` prints the verb's section, derived from its spec.",
    '',
    '## Exit statuses',
    '',
    '| status | meaning |',
    '|---|---|',
    '| 0 | done (a check passed) |',
    '| 1 | a finding: a mismatch, a broken log, a failed check — or a fault of the program (printed with its stack) |',
    "| 2 | the operator's mistake: a usage error (one line naming the option or argument, then the usage line), or a missing file, device or server (one line) |",
    '',
    '`shoe --version` (or `-V`) prints the version. A misspelled verb or option is refused with the nearest',
    'one (`shoe verfy`: did you mean "shoe verify"?).',
    '',
    '## Output',
    '',
    'A verb prints its result on stdout and nothing else; progress (only on a terminal, after 2 s) and notes go',
    'to stderr, and `-q` (`--quiet`) silences them. Where a verb has a machine-readable form it is',
    '`--format json` (`verify`, `backup`, `migrate`, `recall`, `check`, `floor`, `strategy`, `simulate`, `par-sheet`,',
    '`conformance`, `reconcile`); `replay`, `demo` and `replay-capture` print one JSON fact per line with `--format jsonl`,',
    '`export` and `stack` print sessions and scenarios, which are JSON, and `export --transactions` one wallet',
    'transaction per line (JSONL). `verify --json` is the older spelling of',
    '`verify --format json`, kept for the scripts that use it. Money is printed in major units with two',
    'decimals (`10.00`); JSON keeps the log\'s integer minor units.',
    '',
  ];
  for (const [group, title] of Object.entries(COMMAND_GROUPS)) {
    const members = commands.filter((c) => c.group === group);
    if (members.length === 0) continue;
    lines.push(`## ${title}`, '');
    for (const c of members) lines.push(`### ${c.name}`, '', '```text', helpText(c), '```', '');
  }
  return lines.join('\n');
}
