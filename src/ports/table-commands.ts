// Port: the table as its command API drives it (docs/web-api.md): a command becomes an input attributed to
// its sender and is answered with what it caused; a command refused before it became an input goes on the
// log; the API reads the table's state for its answers and its metrics. The table service implements it
// (src/app/table/table-service.ts); the composition hands it to the web server
// (src/composition/table-web-server.ts).
import type { CodedReason } from '../messages/coded-reason.js';
import type { StoredReason } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';
import type { TableState } from '../round/table-state.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { StoredEvent } from './event-store.js';

/** Who sent a command, as its input is attributed on the log (src/app/audit/log-records.ts `InputOrigin`). */
export interface CommandOrigin {
  readonly source: 'api';
  /** The sender's credential name. */
  readonly by: string;
  /** The sender's idempotency key and the digest of the command as sent (docs/web-api.md, "Retries and idempotency keys"). */
  readonly idempotencyKey?: string;
  readonly requestDigest?: string;
}

/** What a command caused: made from the round machine's facts, or again from the log for a retry with the same key. */
export interface CommandResult {
  /** The facts the input caused, as stored. */
  readonly stored: readonly StoredEvent[];
  /** The log position of the input itself. */
  readonly inputSeq: number;
  /** Set when the round machine refused the input (it is still on the log, with the refusal). */
  readonly rejected?: string;
  /** The refusal's reason as the fact stores it, with its code and values. */
  readonly rejectedReason?: StoredReason;
  /**
   * Only for an input sent with an idempotency key (docs/web-api.md, "Retries and idempotency keys"):
   * `first`, stepped and stored with its key; `replayed`, the key's command is on the log already — nothing
   * was stepped or appended, and this is that command's result again, made from its stored events; `reused`,
   * the key stands for another command — nothing was stepped or appended, `stored` is empty and
   * `inputSeq` is the other command's input.
   */
  readonly keyed?: 'first' | 'replayed' | 'reused';
  /** What the answer says beside the facts (the Resume that cleared a storage halt: src/app/table/submit-result.ts). */
  readonly note?: CodedReason;
}

export interface TableCommands {
  readonly tableId: string;
  readonly rules: RuleSet;
  readonly table: TableState;
  /** The round machine's state, e.g. `active.betting`. */
  readonly phase: string;
  /** The log position of the last durable event. */
  readonly position: number;
  /** Set while an append fault halts the table (docs/operations.md, "Storage faults"): why, coded. */
  readonly halted: { readonly why: CodedReason } | null;
  /** Submits one input; resolves once it and its facts are durable and published. */
  submit(input: TableInput, origin: CommandOrigin): Promise<CommandResult>;
  /** Records a command refused before it became an input: the table does not change; the refusal, its reason and its sender are on the log. */
  refuseCommand(command: { readonly path: string; readonly [detail: string]: unknown }, reason: string, by?: string): Promise<StoredEvent>;
}
