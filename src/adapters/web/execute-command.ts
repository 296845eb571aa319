// One command, whatever the transport: who sent it, whether their role may, whether its idempotency key and
// body are well formed — each refused before the table with a recorded reason — then the input, attributed
// to its sender (and with its key, ./idempotency-key.ts), goes to the round machine; a refusal there
// (input.rejected on the log) answers 409. A retry whose key the table keeps is answered from the log. A table
// halted by an append fault answers 503 with why (docs/operations.md, "Storage faults"): the table counts
// those refusals in its own lines, so none is logged here.
import type { Principal } from '../../config/table-config.js';
import type { ViewFact } from '../../ports/view-facts.js';
import type { CommandResult } from '../../ports/table-commands.js';
import { describeIssues } from './command-bodies.js';
import { explained, type ExplainedReason } from './explained-reason.js';
import { isNotAnInput, type CommandSpec } from './command-specs.js';
import { identify, roleAllowed, wrongRoleReason, type Identification } from './credentials.js';
import { refuse, type Refusal, type RefusedCommand } from './refusals.js';
import { webReason } from './web-reasons.js';
import { nestedReason } from '../../messages/coded-reason.js';
import type { WebContext } from './web-context.js';
import { checkKey, requestDigest } from './idempotency-key.js';

export type CommandAnswer =
  | { readonly ok: true; readonly seq: number; readonly facts: readonly ViewFact[]; readonly note?: ExplainedReason }
  | ({ readonly ok: false; readonly refused: 'table'; readonly seq: number } & ExplainedReason)
  | Refusal['body']
  | ({ readonly ok: false } & ExplainedReason);

export interface CommandReply {
  readonly status: number;
  readonly body: CommandAnswer;
}

export interface CommandRequest {
  /** Who sent it: identified already (a WebSocket authenticates once), or a token to identify. */
  readonly sender: Identification | { readonly token: string | undefined };
  readonly body: unknown;
  /** Where it came in, for the record (no query string). */
  readonly path: string;
  /** The client's address. */
  readonly client: string;
  /** The raw body's size and SHA-256 (what a refusal records of it). */
  readonly raw?: { readonly bytes: number; readonly digest: string };
  /** The idempotency key as sent, and what it is called where it came (the header, the message's field). */
  readonly idempotencyKey?: { readonly value: unknown; readonly name: string };
}

/** What a refusal of this request records of it. */
function refused(request: Omit<CommandRequest, 'sender'>): RefusedCommand {
  const { path, body, client, raw } = request;
  return { path, body, client, ...(raw ? { raw } : {}) };
}

/** Who sent it and whether their role may: the sender, or the recorded refusal to answer with (401, 403). */
export async function admitSender(context: WebContext, command: CommandSpec, request: CommandRequest): Promise<{ readonly ok: true; readonly sender: Principal } | { readonly ok: false; readonly reply: CommandReply }> {
  const identified = 'ok' in request.sender ? request.sender : identify(context.credentials, request.sender.token, 'header');
  if (!identified.ok) return { ok: false, reply: await refuse(context, refused(request), identified.status, 'credential', identified.reason) };
  const sender: Principal = identified.principal;
  if (!roleAllowed(sender, command.roles)) {
    return { ok: false, reply: await refuse(context, refused(request), 403, 'role', wrongRoleReason(sender, command.roles, command.name), sender.name) };
  }
  return { ok: true, sender };
}

/** The request's idempotency key (undefined: none), or the recorded refusal of a malformed one to answer with (400). */
export async function admitKey(context: WebContext, request: Omit<CommandRequest, 'sender'>, sender: Principal): Promise<{ readonly ok: true; readonly key: string | undefined } | { readonly ok: false; readonly reply: CommandReply }> {
  const checked = checkKey(request.idempotencyKey);
  if (checked.ok) return checked;
  return { ok: false, reply: await refuse(context, refused(request), 400, 'idempotency', checked.reason, sender.name) };
}

/**
 * `validated`: the body has been checked against the command's schema already (HTTP: by fastify). Only a
 * missing body stands for `{}`; `null` or any other non-object is a malformed body like the rest.
 */
export async function executeCommand(context: WebContext, command: CommandSpec, request: CommandRequest, options: { readonly validated?: boolean } = {}): Promise<CommandReply> {
  const { path, body } = request;
  const admitted = await admitSender(context, command, request);
  if (!admitted.ok) return admitted.reply;
  const { sender } = admitted;
  const keyed = await admitKey(context, request, sender);
  if (!keyed.ok) return keyed.reply;
  const parsed = options.validated ? { success: true as const, data: body } : command.body.safeParse(body === undefined ? {} : body);
  if (!parsed.success) return refuse(context, refused(request), 400, 'body', webReason('malformedCommand', { command: command.name, issues: describeIssues(parsed.error) }), sender.name);
  const input = command.toInput(parsed.data, sender, context.service);
  if (isNotAnInput(input)) return refuse(context, refused(request), input.status, 'table', input.reason, sender.name);
  const key = keyed.key === undefined ? {} : { idempotencyKey: keyed.key, requestDigest: requestDigest(command.name, sender.name, parsed.data) };
  let result: CommandResult;
  try {
    result = await context.service.submit(input, { source: 'api', by: sender.name, ...key });
  } catch (err) {
    const halted = context.service.halted;
    if (halted) return { status: 503, body: { ok: false, ...explained({ code: 'tableHalted', params: nestedReason(halted.why) }) } };
    context.logger.error({ err, path, by: sender.name }, 'command not recorded');
    return { status: 503, body: { ok: false, ...explained(webReason('notRecorded')) } };
  }
  if (result.keyed === 'reused') return refuse(context, refused(request), 422, 'idempotency', webReason('idempotencyKeyReused', { seq: String(result.inputSeq) }), sender.name);
  return answerOf(context, result, { path, by: sender.name });
}

/** The answer to a command the table took: the same for its first result and for a retry answered from the log. */
function answerOf(context: WebContext, result: CommandResult, sent: { readonly path: string; readonly by: string }): CommandReply {
  const seq = result.stored.at(-1)?.seq ?? result.inputSeq;
  if (result.keyed === 'replayed') context.logger.info({ ...sent, seq, inputSeq: result.inputSeq }, 'retried command answered from the log: its idempotency key stands for a command already taken, nothing is applied again');
  else if (result.rejected !== undefined) context.logger.info({ ...sent, reason: result.rejected }, 'command refused by the table');
  else context.logger.info({ ...sent, seq, ...(result.note ? { note: result.note.code } : {}) }, 'command accepted');
  if (result.rejected !== undefined) return { status: 409, body: { ok: false, refused: 'table', ...explained(result.rejectedReason ?? result.rejected), seq } };
  const note = result.note ? { note: explained(result.note) } : {};
  // What the sender learns of the facts: the public's view of them (the answer goes to a game server too).
  return { status: 200, body: { ok: true, seq, facts: context.reads.publicFacts(result.stored), ...note } };
}
