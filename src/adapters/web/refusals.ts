// A command refused before it became an input (credential, role, body, or a command the table has no
// input for): recorded on the table's log as `command.refused` (the table does not change; bounded for
// the whole table: ./refusal-log.ts), counted by credential and code for /metrics, logged, and answered
// with a 4xx status and the reason (with its code: ./explained-reason.ts).
import { explained, type ExplainedReason } from './explained-reason.js';
import type { WebReason } from './web-reasons.js';
import { bodyDigest } from './json-guard.js';
import type { RefusalKind } from './schemas/refusal-schemas.js';
import type { CredentialKind } from './refusal-summary.js';
import type { WebContext } from './web-context.js';

export type { RefusalKind };

/** A refusal's reason and route are clipped here: both can carry what the client sent (an unknown key,
 *  a path), and a refused request must cost the log little (docs/web-api.md, "Bounded refusal records"). */
export const REASON_CHARS = 200;
export const PATH_CHARS = 80;

export function clipped(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

export interface Refusal {
  readonly status: number;
  readonly body: { readonly ok: false; readonly refused: RefusalKind } & ExplainedReason;
}

export interface RefusedCommand {
  /** The route, without its query string (a token may be in it). */
  readonly path: string;
  /** The parsed body, when there is one (only its size and digest are recorded). */
  readonly body?: unknown;
  /** The raw body's size and digest ('' when the body was not read, e.g. refused for its rate), when known. */
  readonly raw?: { readonly bytes: number; readonly digest: string };
  /** The client's address. */
  readonly client?: string;
  /** A credential came with the request (recognised or not), when the refusal's code does not say so. */
  readonly presented?: boolean;
}

/** Whether a refusal came with a credential the table knows, one it does not, or none (./refusal-summary.ts). */
function credentialOf(command: RefusedCommand, code: string, by: string | undefined): CredentialKind {
  if (by !== undefined) return 'known';
  return command.presented === true || code === 'unknownCredential' ? 'unknown' : 'none';
}

function bodyFacts(command: RefusedCommand): { bodyBytes: number; bodyDigest?: string } {
  if (command.raw) return { bodyBytes: command.raw.bytes, ...(command.raw.digest ? { bodyDigest: command.raw.digest } : {}) };
  if (command.body === undefined || command.body === null) return { bodyBytes: 0 };
  try {
    const text = JSON.stringify(command.body);
    return { bodyBytes: Buffer.byteLength(text), bodyDigest: bodyDigest(text) };
  } catch {
    return { bodyBytes: 0 };
  }
}

/** A coded reason as a refusal gives it: its sentence and each value clipped (both can carry what the client sent). */
export function clippedReason(given: WebReason): ExplainedReason & { readonly code: string; readonly params: Readonly<Record<string, string>> } {
  const { reason, code, params } = explained(given);
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, clipped(value, REASON_CHARS)]));
  return { reason: clipped(reason, REASON_CHARS), code: code ?? given.code, params: values };
}

export async function refuse(context: WebContext, command: RefusedCommand, status: number, kind: RefusalKind, given: WebReason, by?: string): Promise<Refusal> {
  const explainedReason = clippedReason(given);
  const { reason, code, params } = explainedReason;
  const path = clipped(command.path, PATH_CHARS);
  const credential = credentialOf(command, code, by);
  // The process log follows the audited log's budget (./refusal-log.ts): a line per refusal recorded one by
  // one; the rest of a window are counted, and its summary is one WARN line when the window ends.
  const kept = await context.refusals.refused({ path, reason, code, params, ...(by !== undefined ? { by } : {}), credential, client: command.client ?? 'unknown', ...bodyFacts(command) });
  if (kept === 'recorded') context.logger.warn({ path, status, refused: kind, reason, code, by }, 'command refused');
  return { status, body: { ok: false, refused: kind, ...explainedReason } };
}
