// Entry of every worker thread when the program runs from its TypeScript sources (simulation, exact
// analysis, verify): tsx's in-thread require hook, then the task module named in workerData. Not tsx's ESM
// loader: that one starts a loader thread of its own in every worker, ~15-35 MB each, against the memory
// goals of `shoe simulate` and `shoe verify` (docs/benchmarks.md). So the task modules load this way too:
// no top-level await. Compiled (npm run build), workers run the task's .js with plain node and no shim.
const { register } = require('tsx/cjs/api');
register();
// import() cannot load a source file here: the program's own lazy imports come through this require
// instead (import-own-module.ts), a module's .js name standing for its .ts source, as in the imports.
const { existsSync } = require('node:fs');
globalThis[Symbol.for('shoe.worker-shim.require')] = (file) => require(/\.js$/.test(file) && !existsSync(file) ? file.replace(/\.js$/, '.ts') : file);
const { workerData } = require('node:worker_threads');
require(require('node:url').fileURLToPath(workerData.module));
