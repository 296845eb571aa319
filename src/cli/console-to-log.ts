// Third-party code that writes to the console (the NATS client prints its protocol trace and some errors
// with console.info / console.error) would put raw text lines between the JSON lines of a running table or
// gateway. Its console goes to the process's log instead, as `component: "console"` lines: what it says for
// debugging at DEBUG, its warnings and errors at WARN (docs/operations.md, "Logs").
import { format } from 'node:util';
import type { Logger } from 'pino';

const DEBUG_METHODS = ['log', 'info', 'debug', 'trace'] as const;
const WARN_METHODS = ['warn', 'error'] as const;

/** Routes console output to `logger` until the returned function puts the console back. */
export function routeConsoleToLog(logger: Logger, console: Console = globalThis.console): () => void {
  const log = logger.child({ component: 'console' });
  const saved = new Map([...DEBUG_METHODS, ...WARN_METHODS].map((name) => [name, console[name]] as const));
  for (const name of DEBUG_METHODS) console[name] = (...args: unknown[]) => log.debug(format(...args));
  for (const name of WARN_METHODS) console[name] = (...args: unknown[]) => log.warn(format(...args));
  return () => {
    for (const [name, method] of saved) console[name] = method as never;
  };
}
