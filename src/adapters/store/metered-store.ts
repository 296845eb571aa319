// An event store whose appends are measured (for /metrics): every other member is the store's own,
// so what callers detect by duck typing (snapshots, the round index) still works.
import type { EventStore } from '../../ports/event-store.js';

export interface AppendObservation {
  readonly seconds: number;
  readonly events: number;
  readonly ok: boolean;
}

export function meteredStore<S extends EventStore>(store: S, observe: (o: AppendObservation) => void): S {
  const append: EventStore['append'] = async (streamId, events, options) => {
    const started = process.hrtime.bigint();
    try {
      const result = await store.append(streamId, events, options);
      observe({ seconds: Number(process.hrtime.bigint() - started) / 1e9, events: result.events.length, ok: true });
      return result;
    } catch (err) {
      observe({ seconds: Number(process.hrtime.bigint() - started) / 1e9, events: 0, ok: false });
      throw err;
    }
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'append') return append;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
