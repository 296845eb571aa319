// Service life (docs/operations.md): SIGTERM (systemd, docker) and SIGINT (Ctrl-C) stop the table in order — the
// HTTP listener, the shoe link, the replica, the store (TableRuntime.stop logs each step) — within a
// bounded time, then the process exits. close-with-grace installs the handlers: a second signal, or the
// bound running out, exits at once with status 1; an uncaught error also closes the table first.
import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';

export interface Stoppable {
  stop(): Promise<void>;
}

/** Milliseconds a shutdown may take before the process exits anyway. */
export const SHUTDOWN_BOUND_MS = 10_000;

export function stopOnSignals(runtime: Stoppable, logger: Logger, boundMs = SHUTDOWN_BOUND_MS): { uninstall(): void } {
  return closeWithGrace(
    {
      delay: boundMs,
      logger: { error: (message: unknown) => logger.error(message instanceof Error ? { err: message } : {}, message instanceof Error ? message.message : String(message)) },
      onTimeout: (delay) => logger.error({ boundMs: delay }, `shutdown: not finished within ${delay} ms, exiting anyway`),
      onSecondSignal: (signal) => logger.error({ signal }, `shutdown: second ${signal}, exiting at once`),
    },
    async ({ signal, err }) => {
      const began = performance.now();
      if (err) logger.fatal({ err }, 'shutdown: uncaught error, closing the table');
      else logger.info({ signal: signal ?? 'exit' }, `shutdown: ${signal ?? 'exit'} received, closing the table`);
      await runtime.stop();
      logger.info({ ms: Math.round(performance.now() - began) }, 'shutdown: complete'); // routine: INFO; what went wrong is ERROR above
    },
  );
}
