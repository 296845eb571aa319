// Help and the reference come from the specs: every verb's `--help` names each of its options and
// arguments, and docs/cli.md is the reference generated from the same specs (npm run docs:cli).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { helpText, topLevelHelp } from '../../src/cli/command-usage.js';
import { cliReference } from '../../src/cli/cli-reference.js';

const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

describe('the CLI reference', () => {
  it('has fifteen or more verbs, each once', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(15);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))('%s: --help names every option and argument of its spec', (_name, command) => {
    const help = helpText(command);
    expect(help).toContain(`usage: shoe ${command.name}`);
    expect(help).toContain(command.summary);
    for (const option of Object.keys(command.options)) expect(help).toMatch(new RegExp(`--${option}(\\s|$)`, 'm'));
    for (const positional of command.positionals) expect(help).toContain(positional.name);
    expect(topLevelHelp(COMMANDS)).toContain(command.summary);
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))('%s: docs/cli.md has the verb and each of its options', (name, command) => {
    expect(doc).toContain(`### ${name}\n`);
    const section = doc.slice(doc.indexOf(`### ${name}\n`)).split('\n### ')[0] as string;
    for (const option of Object.keys(command.options)) expect(section).toMatch(new RegExp(`--${option}(\\s|$)`, 'm'));
  });

  it('docs/cli.md is the reference generated from the specs (npm run docs:cli rewrites it)', () => {
    expect(doc).toBe(cliReference(COMMANDS));
  });
});
