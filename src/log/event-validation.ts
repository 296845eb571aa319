/**
 * Input validation shared by every adapter, run before any I/O so a bad batch stores nothing
 * ("no partial write"). Errors say where the problem is (`events[2].data.cards[0]`).
 */
import { InvalidInputError } from '../ports/event-store-errors.js';
import type { AppendOptions, JsonValue, NewEvent, ReadOptions } from '../ports/event-store.js';

/** Table ids name a database file and a NATS subject token: keep them to a safe alphabet. */
export const STREAM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Event types: `round.started`, `card.dealt`, `shoe/status`... */
export const EVENT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_.:/-]{0,127}$/;
/** ISO 8601 date-time with an explicit zone. */
export const WALL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** Most events in one append (one transaction). */
export const MAX_BATCH_EVENTS = 10_000;
/** Largest canonical `data` of one event (fits a NATS message with room to spare). */
export const MAX_EVENT_DATA_BYTES = 256 * 1024;
const MAX_DEPTH = 64;
const NEW_EVENT_KEYS = new Set(['type', 'data', 'round', 'monoTime', 'wallTime', 'rulesId']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function validateStreamId(streamId: unknown): asserts streamId is string {
  if (typeof streamId !== 'string' || !STREAM_ID_PATTERN.test(streamId)) {
    throw new InvalidInputError('streamId', `must match ${STREAM_ID_PATTERN} (got ${describe(streamId)})`);
  }
}

export function validateAppendOptions(options: unknown): asserts options is AppendOptions {
  if (typeof options !== 'object' || options === null) throw new InvalidInputError('options', 'must be an object');
  const { expectedVersion, idempotencyKey } = options as Record<string, unknown>;
  if (!isNonNegativeInteger(expectedVersion)) {
    throw new InvalidInputError('options.expectedVersion', `must be an integer >= 0 (got ${describe(expectedVersion)})`);
  }
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > 256)) {
    throw new InvalidInputError('options.idempotencyKey', 'must be a string of 1 to 256 characters');
  }
}

export function validateReadOptions(options: ReadOptions | undefined): { from: number; limit: number } {
  const from = options?.from ?? 1;
  const limit = options?.limit ?? Number.POSITIVE_INFINITY;
  validatePosition(from, 'options.from');
  if (limit !== Number.POSITIVE_INFINITY && !isNonNegativeInteger(limit)) {
    throw new InvalidInputError('options.limit', `must be an integer >= 0 (got ${describe(limit)})`);
  }
  return { from, limit };
}

/** A seq to start from: an integer >= 1. */
export function validatePosition(from: unknown, path: string): asserts from is number {
  if (!isNonNegativeInteger(from) || from < 1) throw new InvalidInputError(path, `must be a seq >= 1 (got ${describe(from)})`);
}

export function validateNewEvents(events: unknown): asserts events is readonly NewEvent[] {
  if (!Array.isArray(events)) throw new InvalidInputError('events', 'must be an array');
  if (events.length === 0) throw new InvalidInputError('events', 'empty batch: append at least one event');
  if (events.length > MAX_BATCH_EVENTS) throw new InvalidInputError('events', `more than ${MAX_BATCH_EVENTS} events in one batch`);
  events.forEach((event: unknown, i) => validateNewEvent(event, `events[${i}]`));
}

function validateNewEvent(event: unknown, path: string): void {
  if (!isPlainObject(event)) throw new InvalidInputError(path, 'must be a plain object');
  for (const key of Object.keys(event)) {
    if (!NEW_EVENT_KEYS.has(key)) {
      throw new InvalidInputError(`${path}.${key}`, 'unknown field (the store assigns tableId, seq, prevHash and hash)');
    }
  }
  const { type, data, round, monoTime, wallTime, rulesId } = event;
  if (typeof type !== 'string' || !EVENT_TYPE_PATTERN.test(type)) {
    throw new InvalidInputError(`${path}.type`, `must match ${EVENT_TYPE_PATTERN} (got ${describe(type)})`);
  }
  if (!isNonNegativeInteger(round)) throw new InvalidInputError(`${path}.round`, `must be an integer >= 0 (got ${describe(round)})`);
  if (typeof monoTime !== 'number' || !Number.isFinite(monoTime) || monoTime < 0) {
    throw new InvalidInputError(`${path}.monoTime`, `must be a finite number >= 0 (got ${describe(monoTime)})`);
  }
  if (typeof wallTime !== 'string' || !WALL_TIME_PATTERN.test(wallTime) || Number.isNaN(Date.parse(wallTime))) {
    throw new InvalidInputError(`${path}.wallTime`, `must be an ISO 8601 date-time with zone (got ${describe(wallTime)})`);
  }
  if (typeof rulesId !== 'string' || rulesId.length === 0 || rulesId.length > 256 || /\s/.test(rulesId)) {
    throw new InvalidInputError(`${path}.rulesId`, `must be a non-empty string without whitespace (got ${describe(rulesId)})`);
  }
  if (!isPlainObject(data)) throw new InvalidInputError(`${path}.data`, 'must be a plain JSON object');
  validateJson(data, `${path}.data`);
  // Same length as the canonical form: only the member order differs.
  const size = Buffer.byteLength(JSON.stringify(data), 'utf8');
  if (size > MAX_EVENT_DATA_BYTES) throw new InvalidInputError(`${path}.data`, `${size} bytes once serialised, more than ${MAX_EVENT_DATA_BYTES}`);
}

/** Throws unless `value` round-trips through JSON unchanged (and is I-JSON, as RFC 8785 needs). */
export function validateJson(value: unknown, path: string, ancestors: Set<object> = new Set(), depth = 0): asserts value is JsonValue {
  if (depth > MAX_DEPTH) throw new InvalidInputError(path, `nested deeper than ${MAX_DEPTH}`);
  if (value === null || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidInputError(path, `${value} is not JSON-serialisable`);
    return;
  }
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new InvalidInputError(path, 'string has a lone UTF-16 surrogate');
    return;
  }
  if (typeof value !== 'object') throw new InvalidInputError(path, `a ${typeof value} is not JSON-serialisable`);
  if (ancestors.has(value)) throw new InvalidInputError(path, 'cyclic structure is not JSON-serialisable');
  ancestors.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      if (!(i in value)) throw new InvalidInputError(`${path}[${i}]`, 'sparse array hole is not JSON');
      validateJson(value[i], `${path}[${i}]`, ancestors, depth + 1);
    }
  } else {
    if (!isPlainObject(value)) {
      throw new InvalidInputError(path, `a ${value.constructor?.name ?? 'non-plain'} object is not plain JSON (convert it first)`);
    }
    if (Object.getOwnPropertySymbols(value).length > 0) throw new InvalidInputError(path, 'symbol keys are not JSON');
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) throw new InvalidInputError(`${path}.${key}`, 'key has a lone UTF-16 surrogate');
      validateJson(item, `${path}.${key}`, ancestors, depth + 1);
    }
  }
  ancestors.delete(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
