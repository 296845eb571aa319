// The layers are held by ESLint (eslint.config.js, eslint-layers.js; docs/architecture.md "The layers"): an
// import across a boundary the table forbids, or I/O in the pure core, is reported; a clean file is not.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** What a file of `layer` is told when it imports `imported` (a path from src/). */
async function importing(layer: string, imported: string): Promise<string[]> {
  return problems(`import type { T } from '../${imported}';\nexport type U = T;\n`, `src/${layer}/x.ts`);
}

const ACROSS = /^layers\/imports: /;

describe('layers: the adapters', () => {
  it('reports the application, the CLI and the composition imported by an adapter', async () => {
    for (const imported of ['app/table/table-service.js', 'cli/main.js', 'composition/table-runtime.js']) {
      const found = await importing('adapters', imported);
      expect(found, imported).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^layers/imports: src/adapters may not import src/${imported.split('/')[0]}: .*src/ports`));
    }
  });

  it('reports them however they are imported: from a subfolder, re-exported, by import() or as a type', async () => {
    const code = [
      "import { inputsForDealerButton } from '../../app/table/dealer-button.js';",
      "export * from '../../app/displays/table-projections.js';",
      "export const later = () => import('../../composition/table-runtime.js');",
      "export type S = import('../../app/table/table-service.js').TableService;",
      'export const b = inputsForDealerButton;',
    ].join('\n');
    const found = await problems(code, 'src/adapters/serial/x.ts');
    expect(found).toHaveLength(4);
    expect(found.every((p) => ACROSS.test(p))).toBe(true);
  });

  it('passes an adapter that imports ports, the game, the configuration and the wire protocol', async () => {
    const code = [
      "import type { ShoeInput } from '../../ports/shoe-input.js';",
      "import type { TableInput } from '../../round/inputs.js';",
      "import type { Principal } from '../../config/table-config.js';",
      "import type { ShoeEvent } from '../../../firmware-protocol/src/index.js';",
      "import { faultDetail } from '../../messages/fault-detail.js';",
      'export type A = [ShoeInput, TableInput, Principal, ShoeEvent, typeof faultDetail];',
    ].join('\n');
    expect(await problems(code, 'src/adapters/serial/x.ts')).toEqual([]);
  });
});

describe('layers: every other boundary', () => {
  it('reports an adapter imported by the rules', async () => {
    const found = await problems("import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';\nexport const x = SqliteEventStore;\n", 'src/rules/x.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^layers\/imports: src\/rules may not import src\/adapters/);
  });

  it('reports the application and Node built-ins imported by the round machine', async () => {
    const found = await problems("import { createHash } from 'node:crypto';\nimport type { TableService } from '../app/table/table-service.js';\nexport type T = TableService;\nexport const h = createHash;\n", 'src/round/x.ts');
    expect(found).toHaveLength(2);
    expect(found.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(1);
    expect(found.filter((p) => ACROSS.test(p))).toHaveLength(1);
  });

  it('reports wire types, adapters, the CLI and the composition imported by the application', async () => {
    const code = [
      "import type { ShoeEvent } from '../../firmware-protocol/src/index.js';",
      "import { ShoeLink } from '../adapters/serial/shoe-link.js';",
      "import type { Io } from '../cli/command-spec.js';",
      "import type { TableRuntime } from '../composition/table-runtime.js';",
      'export type E = [ShoeEvent, Io, TableRuntime];',
      'export const l = ShoeLink;',
    ].join('\n');
    const found = await problems(code, 'src/app/x.ts');
    expect(found).toHaveLength(4);
    expect(found.every((p) => ACROSS.test(p))).toBe(true);
  });

  it('reports an implementation imported by a port', async () => {
    for (const imported of ['log/event-chain.js', 'app/table/table-service.js', 'adapters/store/memory-event-store.js', 'config/table-config.js']) {
      expect(await importing('ports', imported), imported).toEqual([expect.stringMatching(/^layers\/imports: src\/ports may not import/)]);
    }
  });

  it('reports the application, an adapter or the configuration imported by the messages, the log or the configuration', async () => {
    const forbidden: readonly [string, string][] = [
      ['messages', 'app/displays/halt-view.js'], ['messages', 'adapters/web/web-reasons.js'], ['messages', 'config/table-config.js'],
      ['log', 'app/audit/log-records.js'], ['log', 'adapters/store/memory-event-store.js'], ['log', 'config/log-key.js'],
      ['config', 'app/table/idempotency-keys.js'], ['config', 'adapters/store/sqlite-table-file.js'], ['config', 'composition/preflight.js'],
    ];
    for (const [layer, imported] of forbidden) expect(await importing(layer, imported), `${layer} → ${imported}`).toHaveLength(1);
  });

  it('reports the CLI imported by the composition, and the controller imported by the wire protocol', async () => {
    expect(await importing('composition', 'cli/main.js')).toHaveLength(1);
    expect(await problems("import type { TableInput } from '../../src/round/inputs.js';\nexport type I = TableInput;\n", 'firmware-protocol/src/x.ts')).toHaveLength(1);
  });

  it('reports a folder of src/ that has no place in the layers', async () => {
    const found = await problems("import type { Card } from '../../rules/cards.js';\nexport type C = Card;\n", 'src/elsewhere/a/x.ts');
    expect(found).toEqual([expect.stringMatching(/^layers\/imports: src\/elsewhere has no place in the layers/)]);
  });

  it('passes a file that only imports inward', async () => {
    expect(await problems("import type { Card } from './cards.js';\nexport type C = Card;\n", 'src/rules/x.ts')).toEqual([]);
    expect(await problems("import type { TableInput } from '../round/inputs.js';\nimport type { EventStore } from '../ports/event-store.js';\nexport type I = [TableInput, EventStore];\n", 'src/app/x.ts')).toEqual([]);
    expect(await importing('composition', 'adapters/web/create-web-server.js')).toEqual([]);
    expect(await importing('composition', 'app/table/table-service.js')).toEqual([]);
  });
});

describe('layers: the pages', () => {
  it('reports the server\'s code, Node and Node\'s globals in a page script', async () => {
    const page = 'src/adapters/web/pages/x.ts';
    const found = await problems([
      "import { readFileSync } from 'node:fs';",
      "import { publicFacts } from '../../../app/displays/public-redaction.js';",
      "import { explained } from '../explained-reason.js';",
      'export const x = [readFileSync, publicFacts, explained, process.env];',
    ].join('\n'), page);
    expect(found).toHaveLength(4);
    expect(found.filter((p) => p.startsWith('@typescript-eslint/no-restricted-imports'))).toHaveLength(3);
    expect(found.filter((p) => p.startsWith('no-restricted-globals'))).toHaveLength(1);
  });

  it('passes a page script that takes from the server only its route paths and its view types', async () => {
    const code = [
      "import type { PlayOptions } from '../../../round/play-options.js';",
      "import { type PublicView } from '../../../app/displays/public-projection.js';",
      "import { COMMAND_PATHS } from '../route-paths.js';",
      "import { h } from './dom.js';",
      'export const x: [PlayOptions | PublicView | null, string, typeof h] = [null, COMMAND_PATHS.bet, h];',
    ].join('\n');
    expect(await problems(code, 'src/adapters/web/pages/x.ts')).toEqual([]);
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
