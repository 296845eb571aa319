// The table service: the one place inputs become durable facts. For each input, in arrival order:
// the round machine steps (pure), the input and every fact it caused are appended to the log as one
// atomic batch, and only then are the facts published (displays, the shoe's ACK, wallets) —
// "persist, then act". If the append fails, the machine steps back and nothing is published.
import { Subject, type Observable } from 'rxjs';
import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';
import { TableEngine } from '../round/table-engine.js';
import type { TableState } from '../round/table-state.js';
import { CONFIGURED_RECORD, configuredRecord, factRecord, inputRecord, type InputOrigin } from './log-records.js';
import { rebuildTable, reconfigured } from './rebuild-table.js';

export interface TableServiceOptions {
  readonly tableId: string;
  readonly rules: RuleSet;
  /** SHA-256 of the rule file in force. */
  readonly rulesId: string;
  readonly store: EventStore;
  readonly clock: Clock;
  readonly logger?: Logger;
}

export interface SubmitResult {
  /** The facts the input caused, as stored. */
  readonly stored: readonly StoredEvent[];
  readonly facts: readonly TableEvent[];
  /** Set when the round machine refused the input (it is still on the log, with the refusal). */
  readonly rejected?: string;
}

export class TableService {
  private readonly published = new Subject<StoredEvent>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Every stored event, live, after it is durable. */
  readonly events$: Observable<StoredEvent> = this.published.asObservable();

  private constructor(
    private readonly options: TableServiceOptions,
    private engine: TableEngine,
    private version: number,
  ) {}

  /** Opens the table: rebuilds it from its log and, when the log was not empty, marks the recovery. */
  static async open(options: TableServiceOptions): Promise<TableService> {
    const { store, tableId, rules, rulesId, clock, logger } = options;
    const log = await store.read(tableId);
    const rebuilt = log.length > 0 ? rebuildTable(log) : null;
    const service = new TableService(options, rebuilt?.engine ?? new TableEngine(rules), log.at(-1)?.seq ?? 0);
    if (rebuilt?.rulesId !== rulesId) {
      // A changed rule file is visible in the log: a new configuration record, then the same table under it.
      await service.appendConfigured();
      if (rebuilt) service.engine = new TableEngine(rules, reconfigured(rebuilt.engine.persistedSnapshot(), rules));
    }
    if (rebuilt) {
      logger?.info({ tableId, events: log.length, inputs: rebuilt.inputs, phase: service.phase }, 'table rebuilt from its log');
      await service.submit({ type: 'table.recovered' }, { source: 'system', by: 'controller' });
    }
    return service;
  }

  get tableId(): string {
    return this.options.tableId;
  }

  get rules(): RuleSet {
    return this.options.rules;
  }

  get table(): TableState {
    return this.engine.table;
  }

  get phase(): string {
    return this.engine.phase;
  }

  /** The log position of the last durable event. */
  get position(): number {
    return this.version;
  }

  /** Submits one input; resolves once it and its facts are durable and published. Inputs are serialised. */
  submit(input: TableInput, origin: InputOrigin): Promise<SubmitResult> {
    const run = this.queue.then(() => this.step(input, origin));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async step(input: TableInput, origin: InputOrigin): Promise<SubmitResult> {
    const { store, tableId, rulesId, clock, logger } = this.options;
    const before = this.engine.persistedSnapshot();
    const round = this.engine.table.round;
    const facts = this.engine.submit(input, origin.line);
    const at = clock.now();
    const batch = [inputRecord(input, origin, round, at, rulesId), ...facts.map((f) => factRecord(f, round, at, rulesId))];
    let stored: readonly StoredEvent[];
    try {
      const result = await store.append(tableId, batch, { expectedVersion: this.version });
      stored = result.events;
      this.version = result.lastSeq;
    } catch (err) {
      this.engine = new TableEngine(this.options.rules, before);
      logger?.error({ err, tableId, input }, 'append failed: input not applied');
      throw err;
    }
    for (const event of stored) this.published.next(event);
    const rejected = facts.find((f) => f.type === 'input.rejected');
    if (rejected && rejected.type === 'input.rejected') {
      logger?.warn({ tableId, round, input, reason: rejected.reason, by: origin.by }, 'input refused');
      return { stored: stored.slice(1), facts, rejected: rejected.reason };
    }
    return { stored: stored.slice(1), facts };
  }

  private async appendConfigured(): Promise<void> {
    const { store, tableId, rules, rulesId, clock } = this.options;
    const record = configuredRecord(rules, rulesId, tableId, this.engine.table.round, clock.now());
    const result = await store.append(tableId, [record], { expectedVersion: this.version });
    this.version = result.lastSeq;
    for (const event of result.events) this.published.next(event);
    if (result.events[0]?.type !== CONFIGURED_RECORD) throw new Error('configuration record not stored');
  }

  /** Completes the live stream (the log itself stays in the store). */
  close(): void {
    this.published.complete();
  }
}
