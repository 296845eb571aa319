// The table service: the one place inputs become durable facts. For each input, in arrival order:
// the round machine steps (pure), the input and every fact it caused are appended to the log as one
// atomic batch, and only then are the facts published (displays, the shoe's ACK, wallets) —
// "persist, then act". If the append fails, the machine steps back and nothing is published. An input sent
// with an idempotency key that the log already holds is answered from the log instead, inside the same queue
// (./idempotency-keys.ts): a retry never steps the table twice. It opens from its snapshot and log's tail
// (./table-from-log.ts) and saves a snapshot every so many inputs (./table-snapshots.ts). A failed append halts
// it; a halted table refuses every input but a supervisor's Resume (./halt-gate.ts).
import { Subject, type Observable } from 'rxjs';
import type { Clock } from '../../ports/clock.js';
import type { JsonObject, JsonValue, StoredEvent } from '../../ports/event-store.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableInput } from '../../round/inputs.js';
import { TableEngine } from '../../round/table-engine.js';
import type { TableState } from '../../round/table-state.js';
import { Reactions, reactionFailureLine, type Reaction } from './reactions.js';
import { CONFIGURED_RECORD, REFUSED_COMMAND_RECORD, configuredRecord, factOf, factRecord, inputRecord, type InputOrigin } from '../audit/log-records.js';
import type { LogNotePayloads, NoteType } from '../audit/log-notes.js';
import { pausedByARestart } from './restart-pause.js';
import { reconfigured } from './rebuild-table.js';
import { STORAGE_RECOVERED, type AppendFault, type StorageRecoveredReason } from './append-fault.js';
import { TableHalt } from './table-halt.js';
import { HaltGate } from './halt-gate.js';
import { TableSnapshots } from './table-snapshots.js';
import { readTableFromLog } from './table-from-log.js';
import { IdempotencyKeys, KEYS_SNAPSHOT_PART } from './idempotency-keys.js';
import { DEFAULT_KEY_RETENTION } from '../../config/idempotency-config.js';
import { keptResult, rejectionOf, type SubmitResult } from './submit-result.js';
import type { TableCommands } from '../../ports/table-commands.js';
import type { TableServiceOptions } from './table-service-options.js';

export type { SubmitResult } from './submit-result.js';
export type { TableServiceOptions } from './table-service-options.js';

export class TableService implements TableCommands {
  private readonly published = new Subject<StoredEvent>();
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * Set when the table was rebuilt from a log. `interrupted`: this recovery paused an interrupted round.
   * `waitsForResume`: the open pause is a restart's (this one's, or an earlier one's that was never lifted:
   * restart-pause.ts), so the interrupted round waits for a resume.
   */
  recovery: { readonly interrupted: boolean; readonly waitsForResume: boolean } | null = null;
  private readonly snapshots: TableSnapshots;
  /** The parts of the snapshot the table was opened from (see addSnapshotPart). */
  loadedSnapshotParts: Readonly<Record<string, JsonValue>> = {};
  /** The log position of the snapshot the table was opened from (0 when it was rebuilt from seq 1). */
  loadedSnapshotAt = 0;
  /** Every stored event, live, after it is durable. */
  readonly events$: Observable<StoredEvent> = this.published.asObservable();
  private readonly halting: TableHalt;
  /** Each input's way past a halt, and the halt a failed append makes once the table is open (./halt-gate.ts). */
  private readonly gate: HaltGate;
  /** The append fault that halts the table (null while the log takes appends): see append-fault.ts. */
  readonly fault$: Observable<AppendFault | null>;
  private readonly reactions: Reactions;

  private constructor(
    private readonly options: TableServiceOptions,
    private engine: TableEngine,
    private version: number,
    private readonly keys: IdempotencyKeys,
  ) {
    this.snapshots = new TableSnapshots({ store: options.store, tableId: options.tableId, rulesId: options.rulesId, every: options.snapshotEvery, logger: options.logger });
    this.addSnapshotPart(KEYS_SNAPSHOT_PART, () => keys.snapshot());
    this.halting = new TableHalt({ tableId: options.tableId, clock: options.clock, logger: options.logger, logFile: options.logFile });
    this.fault$ = this.halting.fault$;
    this.gate = new HaltGate(this.halting, (type, payload) => this.appendNote(type, payload), options.tableId, options.logger);
    this.reactions = new Reactions(reactionFailureLine(options.logger, options.tableId));
  }

  /**
   * Adds a reaction to every stored event from now on (./reactions.ts): it is given the event and the table
   * right after it; its work is awaited by settled(). Returns its removal.
   */
  react(name: string, reaction: Reaction): () => void {
    return this.reactions.add(name, reaction);
  }

  /** Tracks work started by a reaction later on (a timer's input): settled() waits for it, a failure is logged. */
  track(name: string, work: Promise<unknown>): void {
    this.reactions.track(name, work);
  }

  /** Resolves once every reaction to the events stored so far, and the work they started, has finished. */
  settled(): Promise<void> {
    return this.reactions.settled();
  }

  /** Publishes a durable event: the live stream, then the reactions. */
  private publish(event: StoredEvent): void {
    this.published.next(event);
    this.reactions.dispatch(event, { table: this.engine.table, phase: this.engine.phase });
  }

  /** Opens the table: rebuilds it from its log and, when the log was not empty, marks the recovery. */
  static async open(options: TableServiceOptions): Promise<TableService> {
    const { store, tableId, rules, rulesId, logger } = options;
    const { rebuilt, lastSeq, replayed, snapshotAt, parts, keys } = await readTableFromLog(store, tableId, options.keyRetention ?? DEFAULT_KEY_RETENTION, logger);
    const service = new TableService(options, rebuilt?.engine ?? new TableEngine(rules), lastSeq, keys);
    service.loadedSnapshotParts = parts;
    service.loadedSnapshotAt = snapshotAt;
    if (rebuilt?.rulesId !== rulesId) {
      // A changed rule file is visible in the log: a new configuration record, then the same table under it.
      await service.appendConfigured();
      if (rebuilt) service.engine = new TableEngine(rules, reconfigured(rebuilt.engine.persistedSnapshot(), rules));
    }
    if (rebuilt) {
      logger?.info({ tableId, snapshotAt, replayed, inputs: rebuilt.inputs, phase: service.phase }, 'table rebuilt from its log');
      const marker = await service.submit({ type: 'table.recovered' }, { source: 'system', by: 'controller' });
      const interrupted = marker.facts.some((f) => f.type === 'table.recovered' && f.interrupted);
      service.recovery = { interrupted, waitsForResume: interrupted || (service.phase === 'paused' && (await pausedByARestart(store, tableId))) };
    }
    service.gate.open();
    return service;
  }

  /** The table's clock: what reads its time and runs its timers (src/ports/clock.ts). */
  get clock(): Clock {
    return this.options.clock;
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

  /** The fault halting the table, or null. */
  get halted(): AppendFault | null {
    return this.halting.fault;
  }

  private async step(input: TableInput, origin: InputOrigin): Promise<SubmitResult> {
    const { store, tableId, rulesId, clock, logger } = this.options;
    const earlier = await keptResult(this.keys, origin, (from, to) => store.read(tableId, { from, limit: to - from + 1 }));
    if (earlier) return earlier;
    const recovered = await this.gate.pass(input);
    const before = this.engine.persistedSnapshot();
    const round = this.engine.table.round;
    const facts = this.engine.submit(input, origin.line);
    if (recovered && facts.some((f) => f.type === 'input.rejected' && f.code === 'notPaused')) {
      // The Resume cleared the halt and the round machine was not paused: nothing else to resume, nothing to refuse.
      this.engine = new TableEngine(this.options.rules, before);
      return { stored: [recovered], facts: [], inputSeq: recovered.seq, note: STORAGE_RECOVERED };
    }
    const at = clock.instant();
    const batch = [inputRecord(input, origin, round, at, rulesId), ...facts.map((f) => factRecord(f, round, at, rulesId))];
    let stored: readonly StoredEvent[];
    let inputSeq: number;
    try {
      const result = await store.append(tableId, batch, { expectedVersion: this.version });
      stored = result.events;
      inputSeq = result.firstSeq;
      this.version = result.lastSeq;
    } catch (err) {
      this.engine = new TableEngine(this.options.rules, before);
      throw this.gate.appendFailed(err, input.type);
    }
    for (const event of stored) this.keys.push(event);
    await this.snapshots.afterInput(this.version, () => this.engine.persistedSnapshot());
    for (const event of stored) this.publish(event);
    const note = recovered ? { note: STORAGE_RECOVERED } : {};
    // A refusal is answered as the log holds it (its values in the stored order), so a retry answered from the
    // log (./submit-result.ts) is the same answer byte for byte.
    const rejection = facts.some((f) => f.type === 'input.rejected') ? rejectionOf(stored.slice(1).map((e) => factOf(e))) : {};
    if (rejection.rejected !== undefined) logger?.warn({ tableId, round, input, reason: rejection.rejected, by: origin.by }, 'input refused');
    return { stored: stored.slice(1), facts, inputSeq, ...rejection, ...note, ...(origin.idempotencyKey !== undefined ? { keyed: 'first' as const } : {}) };
  }

  /**
   * Records a command refused before it became an input (missing or wrong credential, wrong role,
   * malformed body): the table does not change; the refusal, its reason and its sender are on the log.
   */
  refuseCommand(command: { readonly path: string; readonly [detail: string]: unknown }, reason: string, by?: string): Promise<StoredEvent> {
    // The caller chooses the details (the web adapter: client, body size and digest — not the body).
    return this.recordNote(REFUSED_COMMAND_RECORD, { ...command, reason, ...(by !== undefined ? { by } : {}) });
  }

  /** Appends a record that is not a table input (link state, counters, a refused command); the table does not change. */
  recordNote<K extends NoteType>(type: K, payload: LogNotePayloads[K]): Promise<StoredEvent> {
    const run = this.queue.then(async () => {
      const fault = this.halting.fault;
      if (fault) return this.halting.refuse(fault, type);
      try {
        return await this.appendNote(type, payload);
      } catch (err) {
        throw this.gate.appendFailed(err, type);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async appendNote(type: string, payload: Record<string, unknown>): Promise<StoredEvent> {
    const { store, tableId, rulesId, clock } = this.options;
    const at = clock.instant();
    const data = JSON.parse(JSON.stringify(payload)) as JsonObject;
    const result = await store.append(tableId, [{ type, data, round: this.engine.table.round, monoTime: at.mono, wallTime: at.wall, rulesId }], { expectedVersion: this.version });
    this.version = result.lastSeq;
    const stored = result.events[0] as StoredEvent;
    this.publish(stored);
    return stored;
  }

  /** Saves another fold of this log with each snapshot of the table (read back as loadedSnapshotParts). */
  addSnapshotPart(name: string, take: () => JsonValue): void {
    this.snapshots.addPart(name, take);
  }

  private async appendConfigured(): Promise<void> {
    const { store, tableId, rules, rulesId, clock } = this.options;
    const record = configuredRecord(rules, rulesId, tableId, this.engine.table.round, clock.instant());
    const result = await store.append(tableId, [record], { expectedVersion: this.version });
    this.version = result.lastSeq;
    for (const event of result.events) this.publish(event);
    if (result.events[0]?.type !== CONFIGURED_RECORD) throw new Error('configuration record not stored');
  }

  /** Completes the live stream (the log itself stays in the store). */
  close(): void {
    this.halting.stop();
    this.published.complete();
  }
}
