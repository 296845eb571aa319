// Service life (docs/operations.md): SIGTERM (systemd, docker) and SIGINT (Ctrl-C) stop the table in order — the
// HTTP listener, the shoe link, the replica, the store (TableRuntime.stop logs each step) — within a
// bounded time, then the process exits. close-with-grace installs the handlers: a second signal, or the
// bound running out, exits at once with status 1; an uncaught error also closes the table first.
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.js';

export interface Stoppable {
  stop(): Promise<void>;
  /** The table's clock: how long the shutdown took. */
  readonly clock: Clock;
}

/** Milliseconds a shutdown may take before the process exits anyway. */
export const SHUTDOWN_BOUND_MS = 10_000;

/**
 * Keeps SIGINT and SIGTERM from ever taking their default action (death, with nothing closed or logged)
 * while the verb runs: before `stopOnSignals` takes over, a signal exits at once as the default would
 * (130 / 143: a half-started table is left as after a crash, which the log survives); after, close-with-grace
 * handles it and this listener does nothing. Under `npm start`, Ctrl-C reaches the process twice — from the
 * terminal and forwarded by npm — and without a listener that stays, one of the two now and then killed the
 * process by the default action before it could close the table (docs/operations.md, "Shutdown").
 */
export function holdStopSignals(): { handOver(): void } {
  let handedOver = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!handedOver) process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { handOver: () => (handedOver = true) };
}

export function stopOnSignals(runtime: Stoppable, logger: Logger, boundMs = SHUTDOWN_BOUND_MS): { uninstall(): void } {
  return closeWithGrace(
    {
      delay: boundMs,
      logger: { error: (message: unknown) => logger.error(message instanceof Error ? { err: message } : {}, message instanceof Error ? message.message : String(message)) },
      onTimeout: (delay) => logger.error({ boundMs: delay }, `shutdown: not finished within ${delay} ms, exiting anyway`),
      onSecondSignal: (signal) => logger.error({ signal }, `shutdown: second ${signal}, exiting at once`),
    },
    async ({ signal, err }) => {
      const began = runtime.clock.now();
      if (err) logger.fatal({ err }, 'shutdown: uncaught error, closing the table');
      else logger.info({ signal: signal ?? 'exit' }, `shutdown: ${signal ?? 'exit'} received, closing the table`);
      await runtime.stop();
      logger.info({ ms: Math.round(runtime.clock.now() - began) }, 'shutdown: complete'); // routine: INFO; what went wrong is ERROR above
    },
  );
}
