// Counts kept elsewhere (the link's counters, the view fan-out, the refusal recorder), exported as
// Prometheus counters: read when /metrics is scraped, never decreasing while the process lives, so
// `rate()` and `increase()` apply to them (docs/metrics.md).
import { Counter, type Registry } from 'prom-client';

type Labels = Record<string, string>;

/** A counter named `…_total` whose values, per label set, are read at scrape time. */
export function countedAtScrape(register: Registry, name: `${string}_total`, help: string, labelNames: readonly string[], read: () => Iterable<readonly [Labels, number]>): Counter {
  return new Counter({
    name,
    help,
    labelNames,
    registers: [register],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

/** A counter without labels read at scrape time. */
export function countAtScrape(register: Registry, name: `${string}_total`, help: string, read: () => number): Counter {
  return countedAtScrape(register, name, help, [], () => [[{}, read()]]);
}
