// A command refused before it became an input (credential, role, body, or a command the table has no
// input for): recorded on the table's log as `command.refused` (the table does not change), logged,
// and answered with a 4xx status and the reason.
import type { WebContext } from './web-context.js';

export type RefusalKind = 'credential' | 'role' | 'body' | 'table';

export interface Refusal {
  readonly status: number;
  readonly body: { readonly ok: false; readonly refused: RefusalKind; readonly reason: string };
}

export interface RefusedCommand {
  /** The route, without its query string (a token may be in it). */
  readonly path: string;
  readonly body?: unknown;
}

export async function refuse(context: WebContext, command: RefusedCommand, status: number, kind: RefusalKind, reason: string, by?: string): Promise<Refusal> {
  context.logger.warn({ path: command.path, status, refused: kind, reason, by }, 'command refused');
  try {
    await context.service.refuseCommand({ path: command.path, body: command.body ?? null }, reason, by);
  } catch (err) {
    context.logger.error({ err, path: command.path }, 'refusal not recorded on the log');
  }
  return { status, body: { ok: false, refused: kind, reason } };
}
