// Entry of every worker thread when the program runs from its TypeScript sources (simulation, exact
// analysis, verify): tsx's in-thread require hook, then the task module named in workerData. Not tsx's ESM
// loader: that one starts a loader thread of its own in every worker, ~15-35 MB each, against the memory
// goals of `shoe simulate` and `shoe verify` (docs/benchmarks.md). So the task modules load this way too:
// no top-level await. Compiled (npm run build), workers run the task's .js with plain node and no shim.
const { register } = require('tsx/cjs/api');
register();
const { workerData } = require('node:worker_threads');
require(require('node:url').fileURLToPath(workerData.module));
