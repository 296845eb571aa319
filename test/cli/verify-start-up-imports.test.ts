// verify starts its chain workers before it loads the round machine (docs/audit.md, "How verify spends its
// time", start-up): every module `shoe verify` loads before the workers start — the static imports of
// verify-command.ts, followed through the sources — holds no round machine, rules or schema library. The
// re-run comes through verify-rerun.ts's import() once the workers are on their way.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The specifiers a module loads when it runs: value imports and re-exports (type-only ones are erased). */
function loadedSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const clause = s.importClause;
      const named = clause?.namedBindings;
      const typesOnly = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) out.push(s.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) && !s.isTypeOnly) {
      out.push(s.moduleSpecifier.text);
    }
  }
  return out;
}

/** Every source module and package loaded from `entry` by static imports. */
function staticGraph(entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const spec of loadedSpecifiers(file)) {
      if (!spec.startsWith('.')) {
        if (!spec.startsWith('node:')) packages.add(spec);
        continue;
      }
      const js = resolve(dirname(file), spec);
      const next = [js.replace(/\.js$/, '.ts'), js].find((f) => existsSync(f));
      if (next !== undefined && !modules.has(next)) {
        modules.add(next);
        queue.push(next);
      }
    }
  }
  return { modules: [...modules].map((m) => relative(ROOT, m)), packages: [...packages] };
}

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
