// The web adapter's own reasons, coded where they arise (docs/web-api.md, "Refusals"): who sent a
// request, whether their role may, whether the request is well formed, too many of them, a command that
// is not an input, an idempotency key that is malformed or stands for another command, and the answers when
// the table cannot serve now. Each code's message is
// `reason.<code>` in every catalogue (src/messages/); its English sentence (src/messages/coded-reason.ts)
// is what the `reason` field and the `command.refused` record read.
import { reasonSentence, type CodedUnion } from '../../messages/coded-reason.js';

type None = Record<never, string>;
/** A reason nested in this one, or only its words (its sentence, code and values: src/messages/coded-reason.ts `nestedReason`). */
type Nested = Readonly<Record<string, string>> & { reason: string };

/** Each code and its values, as text. */
export interface WebReasonParams {
  readonly missingCredentialHeader: None;
  readonly missingCredentialQuery: None;
  readonly unknownCredential: None;
  /** `role` a role's code, `what` what was asked (`what.<what>` in the catalogues), `roles` the roles that may, by code, joined by ", ". */
  readonly wrongRole: { role: string; name: string; what: string; roles: string };
  readonly malformedCommand: { command: string; issues: string };
  readonly malformedMessageCommands: { list: string };
  /** A command message that is not a command: why (the JSON check's sentence). */
  readonly malformedMessage: Nested;
  readonly unknownCommand: None;
  /** A request that fails its route's schema or the JSON check: why, in the check's words. */
  readonly malformedRequest: Nested;
  readonly noRoute: { method: string; path: string };
  /** A round number the table's log does not have (GET /api/rounds/{round}/transactions). */
  readonly noSuchRound: { round: string };
  readonly bodyTooLarge: None;
  readonly unsupportedMediaType: None;
  readonly notUtf8: None;
  readonly loneSurrogate: None;
  readonly loneSurrogateEscaped: None;
  readonly tooDeep: { count: string; limit: string };
  readonly notJson: { error: string };
  readonly tooMany: { count: string; ms: string; after: string };
  readonly tooManyMessages: None;
  /** A window's refusals beyond those recorded one by one, counted in one record (./refusal-summary.ts): how many, in how many seconds, and how many came with no credential, an unknown one or a known one. */
  readonly refusalsCounted: { count: string; seconds: string; none: string; unknown: string; known: string };
  readonly bettingAlreadyOpen: None;
  readonly bettingOpensItself: { phase: string; round?: string };
  readonly notRecorded: None;
  /** An idempotency key that is not 1 to 256 printable ASCII characters; `field` where it came (the header, the message field). */
  readonly malformedIdempotencyKey: { field: string };
  /** The sender's idempotency key stands for another command; `seq` is that command's input on the log. */
  readonly idempotencyKeyReused: { seq: string };
  readonly internal: None;
  readonly busy: None;
  readonly noViewYet: None;
  /** A display socket shed because it stopped reading: `seconds` it had to answer a ping (./stalled-readers.ts). */
  readonly notReading: { seconds: string };
}

export type WebReasonCode = keyof WebReasonParams;
export type WebReason = CodedUnion<{ [C in WebReasonCode]: WebReasonParams[C] }>;

/** A web reason from its code and values (the compiler checks the values the code takes). */
export function webReason<C extends WebReasonCode>(code: C, ...params: [keyof WebReasonParams[C]] extends [never] ? [] : [WebReasonParams[C]]): WebReason {
  return { code, params: params[0] ?? {} } as WebReason;
}

/** An error for fastify to answer with `status` that carries its coded reason (its message is the sentence). */
export function reasonedError(status: number, reason: WebReason): Error & { readonly statusCode: number; readonly webReason: WebReason } {
  return Object.assign(new Error(reasonSentence(reason)), { statusCode: status, webReason: reason });
}

/** The coded reason an error carries (./request-guards.ts makes them), if any. */
export function webReasonOf(error: unknown): WebReason | undefined {
  return (error as { webReason?: WebReason } | null)?.webReason;
}
