// The codec must stay pure (brief + PROTOCOL.md §12): no I/O, no clock, no randomness, no node:
// imports, no Buffer. This guards against a helper sneaking one in.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
// The codec and the link core (src/link/) alike.
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

describe('codec purity', () => {
  it.each(files)('%s uses no I/O, clock, randomness or Node APIs', (f) => {
    const code = readFileSync(join(src, f), 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toMatch(/from\s+['"]node:/);
    expect(code).not.toMatch(/require\s*\(/);
    expect(code).not.toMatch(/\bBuffer\b/);
    expect(code).not.toMatch(/\bDate\b|performance\.|Math\.random|setTimeout|setInterval|process\./);
    for (const m of code.matchAll(/from\s+['"]([^'"]+)['"]/g)) expect(m[1]).toMatch(/^(\.\/|\.\.\/)([a-z0-9-]+\/)?[a-z0-9-]+\.js$/);
  });
});
