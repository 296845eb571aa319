// One command, whatever the transport: who sent it, whether their role may, whether the body is well
// formed — each refused before the table with a recorded reason — then the input, attributed to its
// sender, goes to the round machine; a refusal there (input.rejected on the log) answers 409. A table
// halted by an append fault answers 503 with why (docs/operations.md, "Storage faults"): the table counts
// those refusals in its own lines, so none is logged here.
import type { Principal } from '../../config/table-config.js';
import { NO_HOLE_CARD, publicFact } from '../../app/displays/public-redaction.js';
import type { ViewFact } from '../../app/displays/view-facts.js';
import type { StoredEvent } from '../../ports/event-store.js';
import { describeIssues } from './command-bodies.js';
import { explained, type ExplainedReason } from './explained-reason.js';
import { isNotAnInput, type CommandSpec } from './command-specs.js';
import { identify, roleAllowed, wrongRoleReason, type Identification } from './credentials.js';
import { refuse, type Refusal } from './refusals.js';
import { webReason } from './web-reasons.js';
import { nestedReason } from '../../messages/coded-reason.js';
import type { WebContext } from './web-context.js';

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
}

/** What the sender learns of the facts: the public's view of them (the answer goes to a game server too). */
function publicFacts(stored: readonly StoredEvent[]): ViewFact[] {
  let secrecy = NO_HOLE_CARD;
  const facts: ViewFact[] = [];
  for (const event of stored) {
    const result = publicFact(event, secrecy);
    secrecy = result.secrecy;
    if (result.fact) facts.push(result.fact);
  }
  return facts;
}

/** Who sent it and whether their role may: the sender, or the recorded refusal to answer with (401, 403). */
export async function admitSender(context: WebContext, command: CommandSpec, request: CommandRequest): Promise<{ readonly ok: true; readonly sender: Principal } | { readonly ok: false; readonly reply: CommandReply }> {
  const { path, body, client } = request;
  const raw = request.raw ? { raw: request.raw } : {};
  const identified = 'ok' in request.sender ? request.sender : identify(context.credentials, request.sender.token, 'header');
  if (!identified.ok) return { ok: false, reply: await refuse(context, { path, body, client, ...raw }, identified.status, 'credential', identified.reason) };
  const sender: Principal = identified.principal;
  if (!roleAllowed(sender, command.roles)) {
    return { ok: false, reply: await refuse(context, { path, body, client, ...raw }, 403, 'role', wrongRoleReason(sender, command.roles, command.name), sender.name) };
  }
  return { ok: true, sender };
}

/**
 * `validated`: the body has been checked against the command's schema already (HTTP: by fastify). Only a
 * missing body stands for `{}`; `null` or any other non-object is a malformed body like the rest.
 */
export async function executeCommand(context: WebContext, command: CommandSpec, request: CommandRequest, options: { readonly validated?: boolean } = {}): Promise<CommandReply> {
  const { path, body, client } = request;
  const raw = request.raw ? { raw: request.raw } : {};
  const admitted = await admitSender(context, command, request);
  if (!admitted.ok) return admitted.reply;
  const { sender } = admitted;
  const parsed = options.validated ? { success: true as const, data: body } : command.body.safeParse(body === undefined ? {} : body);
  if (!parsed.success) return refuse(context, { path, body, client, ...raw }, 400, 'body', webReason('malformedCommand', { command: command.name, issues: describeIssues(parsed.error) }), sender.name);
  const input = command.toInput(parsed.data, sender, context.service);
  if (isNotAnInput(input)) return refuse(context, { path, body, client, ...raw }, input.status, 'table', input.reason, sender.name);
  try {
    const result = await context.service.submit(input, { source: 'api', by: sender.name });
    const seq = result.stored.at(-1)?.seq ?? context.service.position;
    if (result.rejected !== undefined) {
      context.logger.info({ path, by: sender.name, reason: result.rejected }, 'command refused by the table');
      return { status: 409, body: { ok: false, refused: 'table', ...explained(result.rejectedReason ?? result.rejected), seq } };
    }
    const note = result.note ? { note: explained(result.note) } : {};
    context.logger.info({ path, by: sender.name, seq, ...note }, 'command accepted');
    return { status: 200, body: { ok: true, seq, facts: publicFacts(result.stored), ...note } };
  } catch (err) {
    const halted = context.service.halted;
    if (halted) return { status: 503, body: { ok: false, ...explained({ code: 'tableHalted', params: nestedReason(halted.why) }) } };
    context.logger.error({ err, path, by: sender.name }, 'command not recorded');
    return { status: 503, body: { ok: false, ...explained(webReason('notRecorded')) } };
  }
}
