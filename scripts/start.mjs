#!/usr/bin/env node
// `npm start` (README, docs/operations.md "Start in production"): the `shoe` CLI run by plain node from the
// start build — the sources transpiled by esbuild into start-build/, made again only when a source changed
// — rather than through tsx, which compiled them on the fly each start (most of the seconds before the
// first page: docs/benchmarks.md, "`bench:start`"). The build is what `npm run build` makes, without its
// type check (`npm run typecheck` does that) and without its declarations: the modules (tsconfig.build.json's
// files, esbuild one module each), the files beside them (pages, styles, the worker shim) and the pages'
// bundles. It stays inside the package (the program finds its root by walking up to package.json) and is
// swapped in whole, so a table started meanwhile never reads half a build. `npm run dev` runs the sources
// through tsx in watch mode instead.
//   node scripts/start.mjs VERB [ARGS...]      (npm start runs: node scripts/start.mjs start ...)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const START_BUILD = join(root, 'start-build');
/** The folders compiled, as tsconfig.build.json includes them; the pages' scripts are bundled, not compiled. */
const SOURCES = ['src', 'firmware-protocol/src'];
const PAGES = join('src', 'adapters', 'web', 'pages') + sep;
/** Besides the sources, what changes the output: the compiler options and this script. */
const INPUTS = ['tsconfig.json', 'scripts/start.mjs'];
const STAMP = 'sources.sha256';

/** Every file under the source folders, relative to the root, in a stable order. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return files.sort();
}

/** A digest of every input's path, size and modification time: it changes when any source does. */
function fingerprint(files) {
  const hash = createHash('sha256');
  for (const path of [...INPUTS, ...files]) {
    const { size, mtimeMs } = statSync(join(root, path));
    hash.update(`${path}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const isModule = (path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.endsWith('.test.ts');

/** Transpiles every module into a fresh folder beside the build, then swaps it in. */
async function build(files, digest) {
  const { build: esbuild } = await import('esbuild');
  const tmp = `${START_BUILD}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    await esbuild({
      entryPoints: files.filter((f) => isModule(f) && !f.startsWith(PAGES)).map((f) => join(root, f)),
      outdir: tmp,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'error',
    });
    for (const f of files.filter((f) => !f.endsWith('.ts'))) {
      mkdirSync(dirname(join(tmp, f)), { recursive: true });
      cpSync(join(root, f), join(tmp, f));
    }
    // The pages' bundles, by the function the server and `npm run build` use (src/adapters/web/page-bundles.ts).
    const { writePageBundles } = await import(pathToFileURL(join(tmp, 'src/adapters/web/page-bundles.js')).href);
    writePageBundles(join(root, PAGES), join(tmp, 'src/adapters/web/page-bundles'));
    writeFileSync(join(tmp, STAMP), `${digest}\n`);
    rmSync(START_BUILD, { recursive: true, force: true });
    renameSync(tmp, START_BUILD);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `body` holding start-build.lock (a folder with the holder's pid): one start builds while the others wait. */
async function withBuildLock(body) {
  const lock = `${START_BUILD}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockAbandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else await pause(50);
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A lock whose holder has exited (or that is older than a build can take: a minute) is abandoned. */
function lockAbandoned(lock) {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return Date.now() - statSync(lock).mtimeMs > 60_000;
  } catch (error) {
    // No pid file yet: its holder is between the two steps, unless it died there long ago.
    if (error.code === 'ENOENT') return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000;
    return error.code === 'ESRCH';
  }
}

function readStamp() {
  const path = join(START_BUILD, STAMP);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
}

/** The start build, made again first when a source changed since it was made. */
export async function freshStartBuild() {
  const files = sourceFiles();
  const digest = fingerprint(files);
  if (readStamp() === digest) return START_BUILD;
  await withBuildLock(async () => {
    if (readStamp() === digest) return; // made meanwhile by the start that held the lock
    const began = performance.now();
    await build(files, digest);
    process.stderr.write(`start: ${relative(root, START_BUILD)}/ made from the sources in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
  });
  return START_BUILD;
}

// Run as a program (also through a link to the checkout's scripts/, as the tutorial's test runs it).
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  let dir;
  try {
    dir = await freshStartBuild();
  } catch (error) {
    process.stderr.write(`start: the sources do not compile: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // Stack traces name the TypeScript sources, as they did through tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(dir, 'src/cli/main.js')).href);
}
