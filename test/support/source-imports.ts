// What a module of the program loads, read from its TypeScript source (the tests of what a thread loads:
// verify's start-up, the worker tasks' lazy imports): its static imports followed through the sources,
// and the import() calls in it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function parseSource(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** The specifiers a module loads when it runs: value imports and re-exports (type-only ones are erased). */
function loadedSpecifiers(file: string): string[] {
  const source = parseSource(file);
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

/** Every source module (relative to the root) and package loaded from `entry` by static imports. */
export function staticGraph(entry: string): { modules: string[]; packages: string[] } {
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

/** Every import() call in a source, with the line it is on. */
export function dynamicImports(source: ts.SourceFile): Array<{ call: ts.CallExpression; line: number }> {
  const found: Array<{ call: ts.CallExpression; line: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      found.push({ call: node, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
