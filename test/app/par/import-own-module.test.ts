// A worker run from the TypeScript sources loads through tsx's require hook, where import() of a source
// file fails (src/app/par/import-own-module.ts): every import() a worker's task can reach goes through
// importOwnModule, with the same module named in its import() and its URL. The tasks are found where they
// are started (`new URL('./…-task.ts', import.meta.url)`), their modules by following static imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { dynamicImports, parseSource, ROOT, staticGraph } from '../../support/source-imports.js';

/** Every .ts file under src. */
function sources(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The task modules workers are started on (a comment's example names no file). */
function workerTasks(): string[] {
  const tasks = new Set<string>();
  for (const file of sources()) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new URL\('(\.{1,2}\/[^']*-task\.ts)', import\.meta\.url\)/g)) tasks.add(resolve(dirname(file), m[1] as string));
  }
  return [...tasks].filter((t) => existsSync(t)).map((t) => relative(ROOT, t)).sort();
}

/** The import() calls of a source that do not come through importOwnModule as it must be called. */
function strayImports(source: ts.SourceFile): string[] {
  return dynamicImports(source).flatMap(({ call, line }) => {
    const [arg] = call.arguments;
    const spec = arg !== undefined && ts.isStringLiteral(arg) ? arg.text : undefined;
    if (spec !== undefined && !spec.startsWith('.')) return []; // a package: node's own resolution
    // () => import('X') as the first argument of importOwnModule(…, new URL('X', import.meta.url))
    const arrow = call.parent;
    const outer = arrow?.parent;
    const ok = spec !== undefined && arrow !== undefined && ts.isArrowFunction(arrow) && arrow.body === call
      && outer !== undefined && ts.isCallExpression(outer) && ts.isIdentifier(outer.expression) && outer.expression.text === 'importOwnModule'
      && outer.arguments[0] === arrow && sameModuleUrl(outer.arguments[1], spec);
    return ok ? [] : [`${relative(ROOT, source.fileName)}:${line}: ${call.getText(source)}`];
  });
}

/** Whether `node` is `new URL('<spec>', <base>)`. */
function sameModuleUrl(node: ts.Expression | undefined, spec: string): boolean {
  if (node === undefined || !ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'URL') return false;
  const first = node.arguments?.[0];
  return first !== undefined && ts.isStringLiteral(first) && first.text === spec;
}

describe('lazy imports on the paths of worker tasks', () => {
  const tasks = workerTasks();

  it('finds the worker tasks where they are started', () => {
    expect(tasks).toEqual(expect.arrayContaining(['src/app/par/simulate-task.ts', 'src/app/par-sheet/exact-task.ts', 'src/cli/verify-chain-task.ts', 'src/cli/verify-logs-task.ts']));
  });

  it('every import() a task can reach comes through importOwnModule, naming one module twice', () => {
    const reached = new Set(tasks.flatMap((task) => staticGraph(resolve(ROOT, task)).modules));
    // The verify worker's lazy loads are among them: the check sees them.
    expect(reached).toContain('src/cli/cli-errors.ts');
    expect(reached).toContain('src/cli/verify-rerun.ts');
    const stray = [...reached].flatMap((module) => strayImports(parseSource(resolve(ROOT, module))));
    expect(stray).toEqual([]);
  });

  it('the check names a bare import(), and one whose URL names another module', () => {
    const source = parseSource('/x/example.ts', [
      "const a = await import('./a.js');",
      "const b = await importOwnModule(() => import('./b.js'), new URL('./b.js', import.meta.url));",
      "const c = await importOwnModule(() => import('./c.js'), new URL('./other.js', import.meta.url));",
      "const d = await import('zod');",
    ].join('\n'));
    expect(strayImports(source).map((s) => s.replace(/^.*?:(\d+):.*$/, '$1'))).toEqual(['1', '3']);
  });
});
