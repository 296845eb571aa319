// What the table's projections save with its snapshot (src/app/table/table-service.ts, snapshot parts), and
// how a saved one is recognised: a snapshot of another format is refolded from seq 1 once (./table-projections.ts).
import type { DealerFold } from './dealer-projection.js';
import type { PublicFold } from './public-projection.js';
import type { SupervisorFold } from './supervisor-projection.js';

/** Bumped whenever a fold's state changes shape: an older snapshot is then refolded from seq 1 once. */
export const PROJECTIONS_FORMAT = 5; // 2: the supervisor's link and the betting countdown; 3: the results moment, the dealer on duty; 4: the pit's figures, the log tail each event once; 5: the removed shoes' receipts

/** The projections' states, saved with the table's snapshot (src/app/table/table-service.ts, snapshot parts). */
export interface ProjectionsSnapshot {
  readonly format: number;
  readonly seq: number;
  /** Hash of the event at seq: the next event must continue it. */
  readonly hash: string;
  readonly public: PublicFold;
  readonly dealer: DealerFold;
  readonly supervisor: SupervisorFold;
}

/** Whether `value` is a snapshot of this format. */
export function isSnapshot(value: unknown): value is ProjectionsSnapshot {
  const s = value as Partial<ProjectionsSnapshot> | null | undefined;
  return typeof s === 'object' && s !== null && s.format === PROJECTIONS_FORMAT && typeof s.seq === 'number' && typeof s.hash === 'string'
    && typeof s.public === 'object' && typeof s.dealer === 'object' && typeof s.supervisor === 'object';
}
