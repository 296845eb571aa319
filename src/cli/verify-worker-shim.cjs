// Entry of verify's worker threads when the program runs from its TypeScript sources: tsx's in-thread
// require hook, then the task module named in workerData. Not tsx's ESM loader (run-worker.ts's
// worker-shim.mjs): that one starts a loader thread of its own in every worker, ~15-35 MB each, against
// verify's memory goal (docs/benchmarks.md). The task modules are written to load this way too: no
// top-level await.
const { register } = require('tsx/cjs/api');
register();
const { workerData } = require('node:worker_threads');
require(require('node:url').fileURLToPath(workerData.module));
