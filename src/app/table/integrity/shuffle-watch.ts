// Shuffle check (docs/live-table.md): dealers and cheats both know an unshuffled shoe. A new shoe whose cards come
// out repeating a long run of the previous shoe (a "shuffle" that kept the order), or in new-deck order
// (a suit running up or down by one rank), raises an integrity alarm. Pure: cards in, alarms out; memory
// is two shoes of cards at most (52 x decks each), whatever the length of the table's history.
//
// False alarms on well-shuffled shoes: with runs of 8 a six-deck shoe (312 cards) matches some 8-card run
// of the previous shoe with probability about 305 x 305 x (1/52)^8 = 1.7e-9, and holds a new-deck run of 8
// with probability about 305 x 2 x (1/52)^7 = 6e-10; `npm run bench:shuffle` measures it on random shoes.

/** Card codes as the shoe reads them: rank then suit, e.g. "QH", "TD". */
type CardCode = string;

export type ShuffleAlarmKind = 'repeatedRun' | 'newDeckOrder';

export interface ShuffleAlarm {
  readonly kind: ShuffleAlarmKind;
  /** The cards of the run, in the order they came out of this shoe. */
  readonly run: readonly CardCode[];
  /** 1-based position in this shoe of the run's first card. */
  readonly at: number;
  /** repeatedRun: 1-based position of the same run in the previous shoe. */
  readonly previousAt?: number;
  readonly text: string;
}

export interface ShuffleWatchState {
  readonly previous: readonly CardCode[];
  readonly current: readonly CardCode[];
}

/** Rank order of a new deck; the 17+4 deck (7 to A) wraps from K to A, so adjacency is cyclic. */
const RANK_ORDER = 'A23456789TJQK';

function rankStep(a: CardCode, b: CardCode): number | null {
  if (a[1] !== b[1]) return null;
  const i = RANK_ORDER.indexOf(a[0] ?? '');
  const j = RANK_ORDER.indexOf(b[0] ?? '');
  if (i < 0 || j < 0) return null;
  const d = (j - i + RANK_ORDER.length) % RANK_ORDER.length;
  return d === 1 ? 1 : d === RANK_ORDER.length - 1 ? -1 : null;
}

export class ShuffleWatch {
  private previous: CardCode[] = [];
  private current: CardCode[] = [];
  /** Every run of `runLength` cards of the previous shoe, keyed by its cards, to the run's first position. */
  private previousRuns = new Map<string, number>();
  /** Length and direction of the new-deck run ending at the newest card. */
  private orderRun = { length: 1, step: 0 };
  private repeatedRaised = false;
  private orderRaised = false;

  constructor(readonly runLength = 8) {
    if (!Number.isInteger(runLength) || runLength < 3) throw new TypeError(`shuffle check run length must be a whole number of at least 3, got ${runLength}`);
  }

  /** A new shoe was loaded: this shoe becomes the previous one. */
  newShoe(): void {
    if (this.current.length > 0) this.previous = this.current;
    this.current = [];
    this.previousRuns = new Map();
    for (let i = 0; i + this.runLength <= this.previous.length; i++) {
      const key = this.previous.slice(i, i + this.runLength).join(' ');
      if (!this.previousRuns.has(key)) this.previousRuns.set(key, i + 1);
    }
    this.orderRun = { length: 1, step: 0 };
    this.repeatedRaised = this.orderRaised = false;
  }

  /** One card out of the shoe, in order; the alarms it completes (each kind once per shoe). */
  observe(card: CardCode): ShuffleAlarm[] {
    const last = this.current.at(-1);
    this.current.push(card);
    const alarms: ShuffleAlarm[] = [];
    const n = this.current.length;
    const at = n - this.runLength + 1;

    const step = last === undefined ? null : rankStep(last, card);
    this.orderRun = step !== null && (this.orderRun.step === 0 || this.orderRun.step === step)
      ? { length: this.orderRun.length + 1, step }
      : { length: 1, step: 0 };
    if (!this.orderRaised && this.orderRun.length >= this.runLength) {
      this.orderRaised = true;
      const run = this.current.slice(at - 1);
      alarms.push({ kind: 'newDeckOrder', run, at, text: `cards ${at}-${n} of this shoe come out in new-deck order (${run.join(' ')}): the shoe may not have been shuffled` });
    }

    if (!this.repeatedRaised && n >= this.runLength) {
      const run = this.current.slice(at - 1);
      const previousAt = this.previousRuns.get(run.join(' '));
      if (previousAt !== undefined) {
        this.repeatedRaised = true;
        alarms.push({ kind: 'repeatedRun', run, at, previousAt, text: `cards ${at}-${n} of this shoe repeat cards ${previousAt}-${previousAt + this.runLength - 1} of the previous shoe in the same order (${run.join(' ')}): the shoe may not have been shuffled` });
      }
    }
    return alarms;
  }

  /** Rebuilds the watch from the cards of the previous and the current shoe, raising nothing. */
  static restore(state: ShuffleWatchState, runLength = 8): ShuffleWatch {
    const watch = new ShuffleWatch(runLength);
    watch.current = [...state.previous];
    watch.newShoe();
    for (const card of state.current) {
      const raised = watch.observe(card);
      void raised; // already on the log when the table ran
    }
    return watch;
  }
}
