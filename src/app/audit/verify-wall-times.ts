// Wall times that go back (docs/audit.md, "Wall times that go back"): each event's wallTime is the machine's
// wall clock when it was written, which NTP may step back on a badly set machine. That is no break of the
// log (every duration the table measures is monotonic: docs/operations.md, "When the clock steps back"),
// so verify only notes where it happened.
// One text comparison per event: ISO 8601 UTC strings of equal length order as text; other pairs (another
// length, a zone offset) are compared as dates.

/** Where a log's wall times first go back, and how often they do. */
export interface WallTimeBack {
  /** The first event whose wall time is earlier than the one before it. */
  readonly seq: number;
  /** The wall time of the event before it. */
  readonly before: string;
  /** Its own wall time. */
  readonly at: string;
  /** How many events have a wall time earlier than the event before them. */
  readonly times: number;
}

/** What one span of events (or a whole log) says of its wall times, so spans can be joined in order. */
export interface SpanWalls {
  /** The seq of the span's first event. */
  readonly from: number;
  readonly first: string | undefined;
  readonly last: string | undefined;
  /** The first step back inside the span (`times` counts them all). */
  readonly back: WallTimeBack | undefined;
}

/** Whether `wall` is earlier than `previous`. */
export function wallEarlier(wall: string, previous: string): boolean {
  if (wall.length === previous.length && wall.charCodeAt(wall.length - 1) === 90 && previous.charCodeAt(previous.length - 1) === 90) return wall < previous; // 90: 'Z'
  return Date.parse(wall) < Date.parse(previous);
}

/** The wall time at the end of a stored envelope: its last member, `"wallTime":"…"}` (src/log/event-chain.ts). */
export function wallTimeOfEnvelope(envelope: string): string {
  const end = envelope.length - 2;
  return envelope.slice(envelope.lastIndexOf('"', end - 1) + 1, end);
}

/** Follows the wall times of consecutive events. */
export class WallTimes {
  private first: string | undefined;
  private last: string | undefined;
  private back: { seq: number; before: string; at: string } | undefined;
  private times = 0;

  constructor(private readonly from: number) {}

  push(seq: number, wall: string): void {
    const last = this.last;
    if (last === undefined) this.first = wall;
    else if (wall < last || wall.length !== last.length || wall.charCodeAt(wall.length - 1) !== 90) {
      if (wallEarlier(wall, last)) {
        this.times++;
        this.back ??= { seq, before: last, at: wall };
      }
    }
    this.last = wall;
  }

  /** What the events pushed so far say. */
  span(): SpanWalls {
    return { from: this.from, first: this.first, last: this.last, back: this.back && { ...this.back, times: this.times } };
  }
}

/**
 * Spans of one log joined in seq order (they may come from several threads, in any order): the first step
 * back across all of them, a span's first event against the last event of the span before included.
 */
export function joinWalls(spans: readonly SpanWalls[]): WallTimeBack | undefined {
  let first: WallTimeBack | undefined;
  let times = 0;
  let last: string | undefined;
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    if (span.first === undefined) continue;
    if (last !== undefined && wallEarlier(span.first, last)) {
      times++;
      first ??= { seq: span.from, before: last, at: span.first, times: 0 };
    }
    if (span.back) {
      times += span.back.times;
      first ??= span.back;
    }
    last = span.last;
  }
  return first && { ...first, times };
}

/** The note in words (verify's OK line). */
export function describeWallTimeBack(back: WallTimeBack): string {
  const more = back.times === 1 ? 'once' : `${back.times} times, first`;
  return `the events' wall times go back ${more} at event ${back.seq} (${back.at}, after ${back.before} at event ${back.seq - 1}): the clock that wrote them was stepped back`;
}
