// A table's round machine as one synchronous step: an input goes in, the facts it causes come out.
// The caller appends the input and its facts to the log before acting on them ("persist, then act").
import { createActor, type Actor, type Snapshot } from 'xstate';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { TableInput } from './inputs.js';
import { roundMachine, type RoundMachine } from './round-machine.js';
import type { TableState } from './table-state.js';

export class TableEngine {
  private readonly actor: Actor<RoundMachine>;
  private collected: TableEvent[] = [];

  constructor(readonly rules: RuleSet, snapshot?: Snapshot<unknown>) {
    this.actor = createActor(roundMachine, {
      input: { rules },
      ...(snapshot !== undefined ? { snapshot } : {}),
    });
    this.actor.on('*', (event) => this.collected.push(event));
    this.actor.start();
    // Anything the machine says on start (nothing today) belongs to no input.
    this.collected = [];
  }

  /** Feeds one input through the machine and returns every fact it caused, in order. */
  submit(input: TableInput, line?: number): TableEvent[] {
    this.collected = [];
    this.actor.send({ type: input.type, input, ...(line !== undefined ? { line } : {}) } as never);
    const facts = this.collected;
    this.collected = [];
    return facts;
  }

  get table(): TableState {
    return this.actor.getSnapshot().context.table;
  }

  /** Where the machine is, e.g. "active.playing" or "paused". */
  get phase(): string {
    return flattenStateValue(this.actor.getSnapshot().value);
  }

  /** A snapshot to restart from (an optimisation: replaying the inputs rebuilds the same state). */
  persistedSnapshot(): Snapshot<unknown> {
    return this.actor.getPersistedSnapshot();
  }
}

function flattenStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    return key === undefined ? '' : inner === undefined ? key : `${key}.${flattenStateValue(inner)}`;
  }
  return '';
}
