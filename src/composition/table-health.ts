// The table's health for /readyz and /metrics: the shoe link's state and counters, whether
// the log answers and its file (and folder) can be written, the measured appends, and the settlement feed.
import { access, constants } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EventStore } from '../ports/event-store.js';
import type { ShoeLink } from '../adapters/serial/shoe-link.js';
import type { AppendMetrics, TableHealth } from '../adapters/web/table-health.js';
import type { FloorLink } from './floor-link.js';
import { tableHaltedReason, type AppendFault } from '../app/table/append-fault.js';
import { reasonSentence } from '../messages/coded-reason.js';
import type { FeedStatus } from '../ports/settlement-feed.js';

interface HasPath {
  pathFor(streamId: string): string;
}

export function tableHealth(parts: { readonly store: EventStore; readonly tableId: string; readonly link: () => ShoeLink | null; readonly appends: AppendMetrics; readonly floor?: FloorLink | null; readonly halted?: () => AppendFault | null; readonly feeds?: () => readonly FeedStatus[] }): TableHealth {
  const { store, tableId, appends } = parts;
  return {
    appends,
    feeds: () => parts.feeds?.() ?? [],
    linkState: () => parts.link()?.state ?? null,
    degraded: () => {
      const floor = parts.floor?.problemReason;
      return floor ? [floor] : [];
    },
    linkCounters: () => {
      const counters = parts.link()?.counters;
      if (!counters) return {};
      return Object.fromEntries(Object.entries(counters).filter((e): e is [string, number] => typeof e[1] === 'number'));
    },
    async storeWritable() {
      const halted = parts.halted?.();
      if (halted) return { ok: false, reason: reasonSentence(tableHaltedReason(halted)) };
      try {
        await store.head(tableId);
        const pathFor = (store as Partial<HasPath>).pathFor;
        if (typeof pathFor === 'function') {
          const path = pathFor.call(store, tableId);
          await access(path, constants.W_OK);
          await access(dirname(path), constants.W_OK);
        }
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: (err as Error).message };
      }
    },
  };
}
