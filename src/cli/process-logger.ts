// The log of a long-running process (`shoe start`, `shoe displays`): one JSON object per stdout line for
// an ingester, pretty lines when a person watches the terminal (docs/operations.md, "Logs"). No line
// carries a key twice: a field a call repeats from its logger's bindings (a child bound to the table
// repeats `tableId`) is left out when it says the same and kept as `<key>Given` when it does not, and
// pino's own keys (level, time, pid, hostname, msg) are never overwritten that way either. Elasticsearch
// and other ingesters refuse a document with a duplicate key.
import { isDeepStrictEqual } from 'node:util';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from '../config/runtime-config.js';

/** The keys pino writes on every line before the call's own fields. */
const PINO_KEYS = ['level', 'time', 'pid', 'hostname', 'msg'] as const;

const boundFields = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** The logger's bindings (all its ancestors'), read once per logger. */
function bindingsOf(logger: Logger): Readonly<Record<string, unknown>> {
  let bound = boundFields.get(logger);
  if (bound === undefined) {
    bound = logger.bindings();
    boundFields.set(logger, bound);
  }
  return bound;
}

/** The call's fields without any key the line already has. */
export function withoutRepeatedKeys(fields: Record<string, unknown>, bound: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const taken = (key: string) => key in bound || (PINO_KEYS as readonly string[]).includes(key);
  if (!Object.keys(fields).some(taken)) return fields;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!taken(key)) kept[key] = value;
    else if (!(key in bound && isDeepStrictEqual(bound[key], value))) kept[`${key}Given`] = value;
  }
  return kept;
}

export interface ProcessLoggerOptions {
  readonly level: LogLevel;
  /** Fields computed for every line (the table's round). */
  readonly mixin?: () => Record<string, unknown>;
}

export function processLogger(options: ProcessLoggerOptions): Logger {
  const settings: LoggerOptions = {
    level: options.level,
    ...(options.mixin ? { mixin: options.mixin } : {}),
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first === null || typeof first !== 'object' || first instanceof Error) return method.apply(this, args);
        return method.apply(this, [withoutRepeatedKeys(first as Record<string, unknown>, bindingsOf(this)), ...rest] as Parameters<typeof method>);
      },
    },
  };
  return process.stdout.isTTY
    ? pino({ ...settings, transport: { target: 'pino-pretty', options: { colorize: true } } })
    : pino(settings);
}
