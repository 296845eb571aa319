// The pages' scripts as the browser loads them: one bundle per page (public, overlay, dealer, supervisor,
// play), each an ES module with everything it imports, made by esbuild from the TypeScript under ./pages/
// (docs/web-api.md, "How the pages are built"). From the sources (npm start, the tests) they are bundled
// in memory when the server starts; `npm run build` writes them beside the compiled server
// (scripts/build.mjs), and the compiled server reads those.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** The pages' entry scripts: `<name>.ts` under ./pages/, served as `/assets/<name>.js`. */
export const PAGE_SCRIPTS = ['public', 'overlay', 'dealer', 'supervisor', 'play', 'pit'] as const;

/** The pages' sources (TypeScript): present in a checkout, absent from a build. */
export const PAGE_SOURCES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));

/** Where a build keeps the bundles (dist/src/adapters/web/page-bundles/). */
export const PAGE_BUNDLES_DIR = fileURLToPath(new URL('./page-bundles/', import.meta.url));

/** esbuild, loaded only to bundle: the compiled server, which reads a build's bundles, never loads it. */
function esbuild(): typeof import('esbuild') {
  return createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
}

/** How every bundle is made, in memory or into a folder. */
export function pageBundleOptions(sourcesDir: string, outDir: string): BuildOptions {
  return {
    entryPoints: PAGE_SCRIPTS.map((name) => join(sourcesDir, `${name}.ts`)),
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  };
}

/** Writes the bundles into `outDir` (scripts/build.mjs); throws with esbuild's messages when a page does not build. */
export function writePageBundles(sourcesDir: string, outDir: string): void {
  esbuild().buildSync({ ...pageBundleOptions(sourcesDir, outDir), write: true });
}

/** A page's script by its file name (`dealer.js`). */
export type PageScripts = ReadonlyMap<string, Buffer>;

const bundled = new Map<string, PageScripts>();

function bundleInMemory(sourcesDir: string): PageScripts {
  const { outputFiles } = esbuild().buildSync({ ...pageBundleOptions(sourcesDir, join(sourcesDir, 'bundled')), write: false });
  return new Map(outputFiles.map((file) => [basename(file.path), Buffer.from(file.contents)]));
}

function readBundles(bundlesDir: string): PageScripts {
  const missing = PAGE_SCRIPTS.filter((name) => !existsSync(join(bundlesDir, `${name}.js`)));
  if (missing.length > 0) throw new Error(`the pages' scripts are not built (${missing.join(', ')} missing from ${bundlesDir}): run npm run build`);
  return new Map(PAGE_SCRIPTS.map((name) => [`${name}.js`, readFileSync(join(bundlesDir, `${name}.js`))]));
}

/**
 * The pages' scripts: bundled from the sources when they are here (once a process), else read from a
 * build's bundles. A page that does not build, or a build without its bundles, is an error: a server
 * without its pages cannot do its job.
 */
export function pageScripts(sourcesDir = PAGE_SOURCES_DIR, bundlesDir = PAGE_BUNDLES_DIR): PageScripts {
  const fromSources = existsSync(join(sourcesDir, `${PAGE_SCRIPTS[0]}.ts`));
  const key = fromSources ? sourcesDir : bundlesDir;
  let scripts = bundled.get(key);
  if (!scripts) {
    scripts = fromSources ? bundleInMemory(sourcesDir) : readBundles(bundlesDir);
    bundled.set(key, scripts);
  }
  return scripts;
}
