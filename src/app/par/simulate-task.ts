// Worker task: plays the chunks it is sent (simulate-table.ts) for the run it was last set up for, and
// answers each with its counts per cut card, or the session of the bug that stopped it; says when it is ready.
import { parentPort } from 'node:worker_threads';
import { simulateChunkAtCuts, SimulationBug } from './simulate-table.js';
import type { RunSpec, SimulateTaskReply, SimulateTaskRequest } from './simulate-task-protocol.js';

let current: { run: number; spec: RunSpec } | null = null;

parentPort?.on('message', (m: SimulateTaskRequest) => {
  if (m.type === 'setup') {
    current = { run: m.run, spec: m.spec };
    return;
  }
  const reply = (r: SimulateTaskReply) => parentPort?.postMessage(r);
  if (current?.run !== m.run) return reply({ run: m.run, index: m.index, error: `chunk ${m.index} of run ${m.run} before its set-up` });
  try {
    reply({ run: m.run, index: m.index, counts: simulateChunkAtCuts({ ...current.spec, seed: m.seed, rounds: m.rounds }, current.spec.penetrations) });
  } catch (err) {
    if (err instanceof SimulationBug) reply({ run: m.run, index: m.index, bug: { message: err.message, session: err.session } });
    else reply({ run: m.run, index: m.index, error: String((err as Error).stack ?? err) });
  }
});
parentPort?.postMessage({ ready: true } satisfies SimulateTaskReply);
