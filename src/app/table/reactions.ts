// The table's reactions to its own stored events (docs/architecture.md, "Reactions"): the timers rearming,
// the watchdog, the shuffle check, the demo players, the link's notes. Persist, then act: a reaction runs
// only once its event is durable, and is given that event and the table as that event's input left it —
// never a later state. A reaction's work, and the work it starts (an input it submits, a note it records), is
// tracked: `settled()` resolves when none is under way, so a caller (a test, a shutdown) awaits it instead of
// sleeping, and a failure reaches the log's reader as an ERROR line naming the reaction — never an empty catch.
import type { Logger } from 'pino';
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableState } from '../../round/table-state.js';
import { unlessHalted } from './append-fault.js';

/** The table as the input of the event a reaction is given left it (immutable: the round machine's own state). */
export interface AfterEvent {
  readonly table: TableState;
  readonly phase: string;
}

export type Reaction = (event: StoredEvent, after: AfterEvent) => void | Promise<unknown>;

/** How a failed reaction is reported: the table's logger, with the reaction's name. */
export type ReactionFailed = (name: string, err: unknown, event: StoredEvent | null) => void;

/**
 * The ERROR line of a failed reaction, in words. A reaction refused because the table is halted is not a
 * second fault: the halt already said so (./table-halt.ts).
 */
export function reactionFailureLine(logger: Logger | undefined, tableId: string): ReactionFailed {
  return (name, err, event) => unlessHalted((e: unknown) => logger?.error({ err: e, tableId, reaction: name, seq: event?.seq ?? null },
    `${name} failed${event ? ` after event ${event.seq} (${event.type})` : ''}: ${(e as Error).message}; the table deals on, but what ${name} does may be missing: read the lines before this one, and restart the table if it does not recover`))(err);
}

export class Reactions {
  /** Replaced, never changed in place, when one is added or removed: a dispatch iterates it without a copy. */
  private reactions: ReadonlyArray<{ readonly name: string; readonly react: Reaction }> = [];
  private readonly underway = new Set<Promise<unknown>>();

  constructor(private readonly failed: ReactionFailed) {}

  /** Adds a reaction, run for every stored event from now on, in the order added; returns its removal. */
  add(name: string, react: Reaction): () => void {
    const entry = { name, react };
    this.reactions = [...this.reactions, entry];
    return () => {
      this.reactions = this.reactions.filter((r) => r !== entry);
    };
  }

  /** Runs every reaction on a stored event, synchronously up to its first await; the rest is tracked. */
  dispatch(event: StoredEvent, after: AfterEvent): void {
    for (const { name, react } of this.reactions) {
      try {
        const work = react(event, after);
        if (work && typeof (work as Promise<unknown>).then === 'function') this.track(name, work as Promise<unknown>, event);
      } catch (err) {
        this.failed(name, err, event);
      }
    }
  }

  /** Tracks work a reaction started later (a timer's input, a note): settled() waits for it; a failure is reported. */
  track(name: string, work: Promise<unknown>, event: StoredEvent | null = null): void {
    const tracked = work.then(
      () => undefined,
      (err: unknown) => this.failed(name, err, event),
    );
    this.underway.add(tracked);
    void tracked.finally(() => this.underway.delete(tracked));
  }

  /** Resolves once no reaction's work is under way, including the work that work started. */
  async settled(): Promise<void> {
    while (this.underway.size > 0) await Promise.all([...this.underway]);
  }
}
