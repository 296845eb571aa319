// The messages between a simulation pool (simulation-pool.ts) and its workers (simulate-task.ts): a run is
// set up once, then chunks are asked for by index; each answer carries the run it belongs to. A worker says
// it is ready once its modules are loaded.
import type { TableInput } from '../../round/inputs.js';
import type { ChunkSpec } from './simulate-table.js';
import type { SimulationCounts } from './simulation-stats.js';

/** What is played: the chunk's spec without its seed and rounds, and the cut cards counted apart. */
export interface RunSpec extends Omit<ChunkSpec, 'seed' | 'rounds' | 'penetration'> {
  readonly penetrations: readonly (number | undefined)[];
}

export type SimulateTaskRequest =
  | { readonly type: 'setup'; readonly run: number; readonly spec: RunSpec }
  | { readonly type: 'chunk'; readonly run: number; readonly index: number; readonly seed: number; readonly rounds: number };

export type SimulateTaskReply =
  | { readonly ready: true }
  | { readonly run: number; readonly index: number; readonly counts: SimulationCounts[] }
  | { readonly run: number; readonly index: number; readonly bug: { readonly message: string; readonly session: TableInput[] } }
  | { readonly run: number; readonly index: number; readonly error: string };
