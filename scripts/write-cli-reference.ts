// Writes docs/cli.md from the verbs' specs (src/cli/cli-reference.ts).
import { writeFileSync } from 'node:fs';
import { COMMANDS } from '../src/cli/commands.js';
import { cliReference } from '../src/cli/cli-reference.js';

writeFileSync(new URL('../docs/cli.md', import.meta.url), cliReference(COMMANDS));
