// Each time a NATS connection is made again (to the same node or, on a cluster, another one), a handler
// runs: what was in flight to a lost node may never have been passed on, so the live path's publishers send
// it again and the pit console asks the tables for what it may have missed
// (docs/adr/0016-a-live-path-beside-the-durable-copy.md), and a floor reader asks its consumer whether it is
// still there (./ordered-reader.ts). A handler that returns a promise is awaited before the next event. The
// watch ends on `stop()` or when the connection closes; a handler's failure ends it too, and is the rejection
// of `done`, for its owner to log.
import { Events, type NatsConnection, type Status } from 'nats';

export interface ReconnectionWatch {
  /** Settles when the watch ends: resolves on `stop()` or the connection's close, rejects on a handler's failure. */
  readonly done: Promise<void>;
  stop(): void;
}

export function watchReconnections(connection: NatsConnection, onReconnect: (server: string) => void | Promise<void>): ReconnectionWatch {
  const events: AsyncIterable<Status> & { stop?: () => void } = connection.status();
  const done = (async () => {
    for await (const s of events) if (s.type === Events.Reconnect) await onReconnect(String(s.data));
  })();
  return { done, stop: () => events.stop?.() };
}
