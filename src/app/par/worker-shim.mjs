// Entry of every analysis worker thread: TypeScript through tsx (as bin/shoe.js does), then the task module
// named in workerData. Plain JavaScript so Node can start it whatever launched the parent.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
