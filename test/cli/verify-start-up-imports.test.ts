// verify starts its chain workers before it loads the round machine (docs/audit.md, "How verify spends its
// time", start-up): every module `shoe verify` loads before the workers start — the static imports of
// verify-command.ts, followed through the sources — holds no round machine, rules or schema library. The
// re-run comes through verify-rerun.ts's import() once the workers are on their way.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticGraph } from '../support/source-imports.js';

describe("shoe verify's start-up", () => {
  const graph = staticGraph(resolve(ROOT, 'src/cli/verify-command.ts'));

  it('reaches the log reader and the chain workers', () => {
    expect(graph.modules).toContain('src/adapters/store/sqlite-log-reader.ts');
    expect(graph.modules).toContain('src/cli/verify-workers.ts');
    expect(graph.modules).toContain('src/cli/verify-rerun.ts');
  });

  it('loads no round machine, rules, re-run or table schema before the workers start', () => {
    const heavy = graph.modules.filter((m) => /^src\/(round|rules)\/|^src\/app\/table\/|^src\/app\/audit\/verify-log\.ts$|^src\/config\/table-config\.ts$/.test(m));
    expect(heavy).toEqual([]);
    expect(graph.packages.filter((p) => ['zod', 'xstate', 'yaml', 'rxjs'].includes(p))).toEqual([]);
  });

  it('the walk sees through to them where they are imported (the check can fail)', () => {
    const rerun = staticGraph(resolve(ROOT, 'src/app/audit/verify-log.ts'));
    expect(rerun.modules).toContain('src/round/table-engine.ts');
    expect(rerun.packages).toEqual(expect.arrayContaining(['zod', 'xstate']));
  });
});
