// What a table service is opened with (./table-service.ts): the table and the rule set in force, the log it
// writes, the clock that times its inputs and its halt's reminders (ADR 0007: time is an input), and how often
// it saves a snapshot and how long it keeps idempotency keys.
import type { Logger } from 'pino';
import type { Clock } from '../../ports/clock.js';
import type { EventStore } from '../../ports/event-store.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { KeyRetention } from './idempotency-keys.js';

export interface TableServiceOptions {
  readonly tableId: string;
  readonly rules: RuleSet;
  /** SHA-256 of the rule file in force. */
  readonly rulesId: string;
  readonly store: EventStore;
  /** Each input's time on the log, and the reminders while the table is halted by a storage fault (./table-halt.ts). */
  readonly clock: Clock;
  readonly logger?: Logger;
  /** The log's file, named (its folder) in the lines about a halt. */
  readonly logFile?: string;
  /** Take a snapshot every this many inputs when the store keeps snapshots (default 250; 0 = never). */
  readonly snapshotEvery?: number;
  /** How long idempotency keys are kept (the table file's `idempotency`; default DEFAULT_KEY_RETENTION). */
  readonly keyRetention?: KeyRetention;
}
