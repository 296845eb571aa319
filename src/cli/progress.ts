// Progress of long CLI work on stderr: done / total, rate and time left, drawn over one
// terminal line only when stderr is a terminal, only once the work has run `delayMs` (2 s: short work
// stays silent), and at most every `intervalMs`. Nothing when stderr is piped or with --quiet, so
// scripts and logs never see it. The clock is an input (a fake one in tests).
import type { StatusStream } from './command-spec.js';

export interface ProgressOptions {
  readonly stream: StatusStream;
  readonly now: () => number;
  /** The verb, e.g. `replay`. */
  readonly label: string;
  /** What is counted, plural: `lines`, `events`. */
  readonly unit: string;
  readonly quiet?: boolean;
  readonly delayMs?: number;
  readonly intervalMs?: number;
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export class Progress {
  private readonly started: number;
  private lastDrawn = -Infinity;
  private drawn = false;
  private readonly enabled: boolean;
  private done = 0;

  constructor(private readonly options: ProgressOptions) {
    this.started = options.now();
    this.enabled = options.stream.isTTY === true && options.quiet !== true;
  }

  /** `total` may be an estimate (a file's size over the mean line length so far): shown with `~`. */
  update(done: number, total?: number, estimated = false): void {
    this.done = done;
    if (!this.enabled) return;
    const now = this.options.now();
    const elapsed = now - this.started;
    if (elapsed < (this.options.delayMs ?? 2000) || now - this.lastDrawn < (this.options.intervalMs ?? 250)) return;
    this.lastDrawn = now;
    this.drawn = true;
    this.options.stream.write(`\r${this.line(done, total, estimated, elapsed)}\x1b[K`);
  }

  /** Ends the line with a summary, if anything was drawn. */
  finish(): void {
    if (!this.drawn) return;
    const seconds = (this.options.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    this.options.stream.write(`\r${this.options.label}: ${count(this.done)} ${this.options.unit} in ${seconds.toFixed(1)} s (${count(rate)} ${this.options.unit}/s)\x1b[K\n`);
  }

  private line(done: number, total: number | undefined, estimated: boolean, elapsedMs: number): string {
    const { label, unit } = this.options;
    const rate = done / (elapsedMs / 1000);
    const parts = [`${label}: ${count(done)}${total !== undefined ? ` / ${estimated ? '~' : ''}${count(total)}` : ''} ${unit}`];
    if (total !== undefined && total > 0) parts[0] += ` (${Math.min(100, Math.floor((100 * done) / total))}%)`;
    parts.push(`${count(rate)} ${unit}/s`);
    if (total !== undefined && rate > 0) parts.push(`${duration(Math.max(0, total - done) / rate)} left`);
    const text = parts.join(' · ');
    const width = this.options.stream.columns;
    return width !== undefined && width > 1 && text.length >= width ? text.slice(0, width - 1) : text;
  }
}
