// The table of what each folder of src/ may import (eslint-layers.js) covers every folder, and the lint rule
// holds every cell of it: each import the table allows passes, each other one is reported.
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });
// A module of the lint configuration (plain JavaScript, no types): its table read as it is.
const { LAYERS } = (await import(String(new URL('../../eslint-layers.js', import.meta.url)))) as { LAYERS: Record<string, { readonly may: readonly string[] }> };

/** Where a file of the layer sits, and the specifier by which it reaches another layer's file. */
function importerOf(layer: string): string {
  if (layer === 'firmware-protocol') return 'firmware-protocol/src/x.ts';
  return layer === 'index.ts' ? 'src/index.ts' : `src/${layer}/x.ts`;
}
function specifier(from: string, to: string): string {
  const up = from === 'index.ts' ? './' : '../';
  if (to === 'firmware-protocol') return `${up}${from === 'firmware-protocol' ? '' : '../'}firmware-protocol/src/y.js`;
  const src = from === 'firmware-protocol' ? '../../src/' : up;
  return to === 'index.ts' ? `${src}index.js` : `${src}${to}/y.js`;
}

async function reported(from: string, to: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import type { T } from '${specifier(from, to)}';\nexport type U = T;\n`, { filePath: importerOf(from) });
  return (result?.messages ?? []).some((m) => m.ruleId === 'layers/imports');
}

describe('the layers table', () => {
  it('gives every folder of src/ (and src/index.ts) its place', () => {
    const entries = readdirSync(new URL('../../src/', import.meta.url), { withFileTypes: true });
    const placed = entries.filter((e) => e.isDirectory() || e.name.endsWith('.ts')).map((e) => e.name);
    expect(placed.filter((name) => !(name in LAYERS))).toEqual([]);
  });

  it('names only layers it has', () => {
    const unknown = Object.values(LAYERS).flatMap((layer) => layer.may).filter((name) => !(name in LAYERS));
    expect(unknown).toEqual([]);
  });

  it('is what the rule holds: each import it allows passes, each other one is reported', async () => {
    const layers = Object.keys(LAYERS);
    const wrong: string[] = [];
    for (const from of layers) {
      for (const to of layers) {
        if (to === from) continue;
        const allowed = LAYERS[from]?.may.includes(to) ?? false;
        if ((await reported(from, to)) === allowed) wrong.push(`${from} → ${to}: ${allowed ? 'allowed but reported' : 'forbidden but passed'}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
