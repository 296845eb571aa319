// What a live demo table's pace is made of, measured in its own process: rounds ended, and each card's time
// from the emulated shoe drawing it to its input being durable on the log (the shoe's ACK follows at once).
import type { TableRuntime } from '../../src/composition/table-runtime.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';

/** Card drawn by the emulated shoe -> its input durable on the log. */
export function cardLatencies(runtime: TableRuntime): { readonly samples: number[]; stop(): void } {
  const drawn: number[] = [];
  const samples: number[] = [];
  const off = runtime.emulator?.on((e) => {
    if (e.type === 'dealt') drawn.push(performance.now());
  });
  const sub = runtime.service.events$.subscribe((e) => {
    if (!isInputRecord(e)) return;
    const { input, origin } = recordedInput(e);
    if (input.type === 'card' && origin.source === 'shoe') {
      const t = drawn.shift();
      if (t !== undefined) samples.push(performance.now() - t);
    }
  });
  return {
    samples,
    stop: () => {
      sub.unsubscribe();
      if (typeof off === 'function') off();
    },
  };
}

/** Resolves once `count` more rounds have ended. */
export function roundsEnded(runtime: TableRuntime, count: number): Promise<void> {
  return new Promise((resolve) => {
    let ended = 0;
    const sub = runtime.service.events$.subscribe((e) => {
      if (e.type === 'round.ended' && ++ended >= count) {
        sub.unsubscribe();
        resolve();
      }
    });
  });
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
