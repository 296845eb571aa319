#!/usr/bin/env node
// The `shoe` command installed by the package. Runs the compiled CLI with plain node (`npm run build`
// makes dist/); a checkout that was never built falls back to the TypeScript sources through tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
