// The layers are held by ESLint (eslint.config.js): an upward import or I/O in the pure core is reported,
// a clean file is not.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layers', () => {
  it('reports an adapter imported by the rules', async () => {
    const found = await problems("import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';\nexport const x = SqliteEventStore;\n", 'src/rules/x.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*adapters\/store\/sqlite-event-store/);
  });

  it('reports the application and Node built-ins imported by the round machine', async () => {
    const found = await problems("import { createHash } from 'node:crypto';\nimport type { TableService } from '../app/table/table-service.js';\nexport type T = TableService;\nexport const h = createHash;\n", 'src/round/x.ts');
    expect(found).toHaveLength(2);
    expect(found.every((p) => p.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('reports wire types and adapters imported by the application', async () => {
    const found = await problems("import type { ShoeEvent } from '../../firmware-protocol/src/index.js';\nimport { ShoeLink } from '../adapters/serial/shoe-link.js';\nexport type E = ShoeEvent;\nexport const l = ShoeLink;\n", 'src/app/x.ts');
    expect(found).toHaveLength(2);
  });

  it('reports an implementation imported by a port', async () => {
    const found = await problems("import { hashEvent } from '../log/event-chain.js';\nexport const h = hashEvent;\n", 'src/ports/x.ts');
    expect(found).toHaveLength(1);
  });

  it('reports the server\'s code, Node and Node\'s globals in a page script', async () => {
    const page = 'src/adapters/web/pages/x.ts';
    const found = await problems([
      "import { readFileSync } from 'node:fs';",
      "import { playOptions } from '../../../app/displays/play-options.js';",
      "import { explained } from '../explained-reason.js';",
      "export const x = [readFileSync, playOptions, explained, process.env];",
    ].join('\n'), page);
    expect(found).toHaveLength(4);
    expect(found.filter((p) => p.startsWith('@typescript-eslint/no-restricted-imports'))).toHaveLength(3);
    expect(found.filter((p) => p.startsWith('no-restricted-globals'))).toHaveLength(1);
  });

  it('passes a page script that takes from the server only its route paths and its view types', async () => {
    const code = [
      "import type { PlayOptions } from '../../../app/displays/play-options.js';",
      "import { type PublicView } from '../../../app/displays/public-projection.js';",
      "import { COMMAND_PATHS } from '../route-paths.js';",
      "import { h } from './dom.js';",
      'export const x: [PlayOptions | PublicView | null, string, typeof h] = [null, COMMAND_PATHS.bet, h];',
    ].join('\n');
    expect(await problems(code, 'src/adapters/web/pages/x.ts')).toEqual([]);
  });

  it('passes a file that only imports inward', async () => {
    expect(await problems("import type { Card } from './cards.js';\nexport type C = Card;\n", 'src/rules/x.ts')).toEqual([]);
    expect(await problems("import type { TableInput } from '../round/inputs.js';\nimport type { EventStore } from '../ports/event-store.js';\nexport type I = [TableInput, EventStore];\n", 'src/app/x.ts')).toEqual([]);
  });
});

describe('the clock', () => {
  const readsTheMachinesTime = [
    "import { performance } from 'node:perf_hooks';",
    "import { setTimeout as sleep } from 'node:timers/promises';",
    'export const t = [Date.now(), performance.now(), new Date(), setTimeout(() => undefined, 1), globalThis.setInterval, sleep];',
  ].join('\n');

  it('reports the machine\'s time and Node\'s timers read anywhere in src/ but the clock adapter', async () => {
    for (const file of ['src/app/x.ts', 'src/adapters/serial/x.ts', 'src/composition/x.ts', 'src/cli/x.ts']) {
      const found = await problems(readsTheMachinesTime, file);
      expect(found, file).toHaveLength(7);
      expect(found.every((p) => p.includes('Time is an input')), file).toBe(true);
    }
  });

  it('passes the clock adapter, a date made from a reading, and the browser\'s pages', async () => {
    expect(await problems(readsTheMachinesTime, 'src/adapters/clock/x.ts')).toEqual([]);
    expect(await problems("import type { Clock } from '../../ports/clock.js';\nexport const at = (clock: Clock) => new Date(clock.wallNow());\n", 'src/adapters/web/x.ts')).toEqual([]);
    expect(await problems('export const t = [Date.now(), performance.now(), new Date(), setTimeout(() => undefined, 1)];\n', 'src/adapters/web/pages/x.ts')).toEqual([]);
  });
});
