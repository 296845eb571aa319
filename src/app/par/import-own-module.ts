// import() of one of the program's own modules, on any thread. A worker run from the TypeScript sources
// loads through tsx's require hook (worker-shim.cjs), where import() cannot load a source file — it would
// fail with ERR_MODULE_NOT_FOUND on the module's .js name — so there the module comes through the shim's
// require, which loads it as the worker's other modules were loaded (one copy of each). Everywhere else
// (the main thread, a compiled worker, the CLI bundled into one file) it is the caller's own import().
// Every import() a worker's task can reach goes through this (test/app/par/import-own-module.test.ts).
import { fileURLToPath } from 'node:url';

/** Where worker-shim.cjs leaves its require: a registered symbol, as the shim is CommonJS. */
const SHIM_REQUIRE = Symbol.for('shoe.worker-shim.require');

type ShimRequire = (file: string) => unknown;

/**
 * The module `url` names, loaded by `load` (`() => import('<the same specifier>')`, written out so a bundler
 * sees it), or through the worker shim's require where the thread has one.
 */
export function importOwnModule<T>(load: () => Promise<T>, url: URL): Promise<T> {
  const shimRequire = (globalThis as { [SHIM_REQUIRE]?: ShimRequire })[SHIM_REQUIRE];
  if (shimRequire === undefined) return load();
  return new Promise<T>((resolve) => resolve(shimRequire(fileURLToPath(url)) as T));
}
