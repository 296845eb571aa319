// The `shoe` command: one entry for every tool of the product (the verbs are in commands.ts; the process's
// streams and exit code in shoe-process.ts).
import { prestartChainWorker } from './verify-chain-worker.js';

// `shoe verify`'s first chain worker loads its modules while this thread loads the CLI's
// (verify-chain-worker.ts): started before the import below, not after it.
prestartChainWorker(process.argv.slice(2));
await import('./shoe-process.js');
