#!/usr/bin/env node
// `npm run build`: compiles the TypeScript to plain JavaScript for production (docs/operations.md): tsc with
// tsconfig.build.json into dist/ (dist/src/..., dist/firmware-protocol/src/...), bundles the pages' scripts
// with esbuild (one per page, src/adapters/web/page-bundles.ts) into dist/src/adapters/web/page-bundles/, and
// copies the files the runtime reads beside its modules (the web pages: html, css, svg). Configuration (config/rules,
// config/tables, config/demo) is not copied: the program reads it from the package root, the same
// files whether it runs from src/ through tsx or from dist/ through node.
//   node scripts/build.mjs [--out-dir DIR] [--no-check]   (--no-check: emit without type checking, for tests)
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' }, 'no-check': { type: 'boolean' } }, strict: true });
const outDir = resolve(root, values['out-dir']);
if (relative(root, outDir).startsWith('..')) {
  // The program finds its package root by walking up to package.json: the build must stay inside it.
  console.error(`build: the output folder must be inside ${root}`);
  process.exit(2);
}

rmSync(outDir, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir, ...(values['no-check'] ? ['--noCheck'] : [])], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/** Every file under src/ that is not TypeScript (pages, styles, docs) goes beside the compiled modules. */
function copyAssets(dir) {
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) copyAssets(path);
    else if (!name.endsWith('.ts')) cpSync(join(root, path), join(outDir, path));
  }
}
copyAssets('src');

// The pages' scripts, bundled by the same function the server uses from the sources.
const { PAGE_SCRIPTS, writePageBundles } = await import(pathToFileURL(join(outDir, 'src/adapters/web/page-bundles.js')).href);
try {
  writePageBundles(join(root, 'src/adapters/web/pages'), join(outDir, 'src/adapters/web/page-bundles'));
} catch (error) {
  console.error(`build: the pages' scripts do not bundle: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`build: pages bundled (${PAGE_SCRIPTS.join(', ')})`);
console.log(`build: ${relative(root, outDir) || '.'} ready; run with node ${relative(root, join(outDir, 'src/cli/main.js'))}`);
