// docs/cli.md, the CLI reference, generated from the verbs' specs (`npm run docs:cli` writes it;
// test/cli/cli-reference.test.ts fails when the file and the specs disagree).
import type { Command } from './command-spec.js';
import { helpText } from './command-usage.js';

export function cliReference(commands: readonly Command[]): string {
  const lines = [
    '# The `shoe` command',
    '',
    '<!-- Generated from the verbs\' specs (src/cli/verbs/<verb>.ts) by `npm run docs:cli`; do not edit by hand. -->',
    '',
    'Every tool of the product is a verb of one command: `shoe VERB ...` (installed by the package), or',
    '`npm run -s shoe -- VERB ...` in a checkout. `shoe help`, `shoe --help` and `shoe VERB --help` print the',
    "same text as below, derived from each verb's spec.",
    '',
    '## Exit statuses',
    '',
    '| status | meaning |',
    '|---|---|',
    '| 0 | done (a check passed) |',
    '| 1 | a finding: a mismatch, a broken log, a failed check — or a fault of the program (printed with its stack) |',
    "| 2 | the operator's mistake: a usage error (one line naming the option or argument, then the usage line), or a missing file, device or server (one line) |",
    '',
    '`shoe --version` prints the version.',
    '',
    '## Verbs',
    '',
  ];
  for (const c of commands) lines.push(`### ${c.name}`, '', '```text', helpText(c), '```', '');
  return lines.join('\n');
}
