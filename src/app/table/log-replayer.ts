// Re-running a table log one event at a time (verify in constant memory): every recorded input
// goes through the round machine again and must cause exactly the facts recorded after it. The same
// judgement as rebuilding a table from an array (rebuild-table.ts wraps this), but events are pushed as
// they are read, so memory holds the table, never the log.
import { ruleSetSchema, type RuleSet } from '../../rules/rule-set.js';
import { machineEvent, TableEngine } from '../../round/table-engine.js';
import { IN_PLACE } from '../../round/change-table.js';
import type { TableEvent } from '../../round/events.js';
import type { EventRecord } from '../../ports/event-store.js';
import { canonicalJson, isCanonicalJsonWithout } from '../../log/canonical-json.js';
import { inputOfText, type InputText } from '../audit/input-record-text.js';
import { CONFIGURED_RECORD, factOf, isInputRecord, isNoteRecord, recordedInput } from '../audit/log-records.js';

/**
 * A fact as a log from before reason codes holds it (docs/event-log.md, "Migration"): where the stored fact
 * has a reason but no `code`, the derived one is compared without its `code` and `params` — the sentence
 * must still be the same, byte for byte. A stored fact with a code is compared whole.
 */
export function asWrittenBefore(derived: TableEvent, stored: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!('code' in derived) || 'code' in stored || !('reason' in stored)) return derived;
  const { code: _code, params: _params, ...before } = derived;
  return before;
}

export class LogMismatchError extends Error {
  constructor(readonly seq: number, readonly expected: string, readonly found: string) {
    super(`event ${seq}: the round machine derives ${expected} but the log holds ${found}`);
  }
}

/** Where a replay starts: a snapshot of the table at some position of the log (an optimisation). */
export interface RebuildStart {
  readonly engine: TableEngine;
  readonly rulesId: string;
}

/** A table snapshot carried over to another rule set (rules change between rounds). */
export function reconfigured(snapshot: unknown, rules: RuleSet): never {
  const s = snapshot as { context: { rules: RuleSet } };
  return { ...s, context: { ...s.context, rules } } as never;
}

export interface ReplayOptions {
  /**
   * Only judge the log: the engine changes its table in place (IN_PLACE drafts, src/round/change-table.ts)
   * instead of copying it per input, and its facts are observed into one reused list (`TableEngine.step`).
   * The facts are the same; what differs is what stays: no state before an input is kept, and an input
   * whose step fails leaves its partial changes — which is why only a caller that stops at the first
   * problem and keeps nothing of the table (verify's re-run, src/app/audit/verify-log.ts) may ask for it.
   * Each input's facts are compared before the next input changes the table they may share arrays with.
   */
  readonly judgeOnly?: boolean;
}

export class LogReplayer {
  private engine_: TableEngine | null;
  private readonly judgeOnly: boolean;
  private readonly observe = (fact: TableEvent): void => {
    this.expected.push(fact);
  };
  private rules_: RuleSet | null;
  private rulesId_: string | null;
  private inputs_ = 0;
  /** Facts the last input derived that the log has not shown yet. */
  private expected: TableEvent[] = [];
  private nextExpected = 0;
  /** The last event closed an input's facts: a stray fact now is "not the next input". */
  private afterInput = false;
  private lastSeq = 0;

  constructor(start?: RebuildStart, options: ReplayOptions = {}) {
    // A table from a snapshot is the caller's (rebuild-table.ts keeps it): never changed in place.
    this.judgeOnly = options.judgeOnly === true && start === undefined;
    this.engine_ = start?.engine ?? null;
    this.rules_ = this.engine_?.rules ?? null;
    this.rulesId_ = start?.rulesId ?? null;
  }

  get engine(): TableEngine | null {
    return this.engine_;
  }
  get rules(): RuleSet | null {
    return this.rules_;
  }
  get rulesId(): string | null {
    return this.rulesId_;
  }
  get inputs(): number {
    return this.inputs_;
  }

  /**
   * Takes the next event of the log; throws LogMismatchError where it differs from the re-derivation.
   * `dataJson`: the event's data as stored canonical text (facts are then compared as text, unparsed).
   */
  push(event: EventRecord, dataJson?: string): void {
    this.lastSeq = event.seq;
    if (this.nextExpected < this.expected.length) {
      const fact = this.expected[this.nextExpected++] as TableEvent;
      if (dataJson !== undefined && fact.type === event.type && !isInputRecord(event)) {
        if (isCanonicalJsonWithout(fact, 'type', fact.type, dataJson)) return;
      }
      const stored = factOf(event);
      const expected = canonicalJson(asWrittenBefore(fact, stored));
      const found = canonicalJson(stored);
      if (isInputRecord(event) || expected !== found) throw new LogMismatchError(event.seq, expected, found);
      return;
    }
    if (event.type === CONFIGURED_RECORD) {
      const configured = ruleSetSchema.parse((event.data as { rules: unknown }).rules);
      this.rulesId_ = String((event.data as { rulesId: unknown }).rulesId);
      // Rules change only between rounds; the table state carries over to the new rule set.
      const carried = this.engine_?.persistedSnapshot();
      this.rules_ = configured;
      this.engine_ = new TableEngine(configured, carried ? reconfigured(carried, configured) : undefined, this.judgeOnly ? { drafts: IN_PLACE } : {});
      this.afterInput = false;
      return;
    }
    if (isInputRecord(event)) {
      if (!this.engine_) throw new LogMismatchError(event.seq, 'a table.configured record first', 'an input');
      if (this.judgeOnly) {
        // The input's own text parsed once per distinct text (input-record-text.ts), else the whole record.
        const { input, line } = (dataJson !== undefined ? inputOfText(dataJson) : undefined) ?? lineAndInput(event);
        this.expected.length = 0;
        this.nextExpected = 0;
        this.engine_.step(machineEvent(input, line), this.observe);
      } else {
        const { input, origin } = recordedInput(event);
        this.expected = this.engine_.submit(input, origin.line);
        this.nextExpected = 0;
      }
      this.inputs_++;
      this.afterInput = true;
      return;
    }
    if (isNoteRecord(event.type)) {
      // Refused before reaching the table: on the log for the audit trail, no state to rebuild.
      this.afterInput = false;
      return;
    }
    if (this.afterInput) throw new LogMismatchError(event.seq, 'the next input', canonicalJson(factOf(event)));
    throw new LogMismatchError(event.seq, 'an input', `a ${event.type} fact no input caused`);
  }

  /** The log ended: the last input's facts must all have been there. */
  finish(): void {
    if (this.nextExpected < this.expected.length) {
      throw new LogMismatchError(this.lastSeq + 1, canonicalJson(this.expected[this.nextExpected]), 'nothing');
    }
    if (!this.engine_) throw new Error('the log holds no table.configured record');
  }
}

function lineAndInput(event: EventRecord): InputText {
  const { input, origin } = recordedInput(event);
  return { input, line: origin.line };
}
