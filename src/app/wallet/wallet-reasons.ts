// Why the reference wallet refuses a call (docs/operations.md, "The reference wallet and reconciliation"),
// coded where it arises like the web adapter's refusals (src/adapters/web/web-reasons.ts): each code's
// message is `reason.<code>` in every catalogue (src/messages/), and the answer's `reason` is its English
// sentence (src/messages/coded-reason.ts).
import { reasonSentence, type CodedUnion } from '../../messages/coded-reason.js';

type None = Record<never, string>;

/** Each code and its values, as text. */
export interface WalletReasonParams {
  readonly walletNoSignature: None;
  readonly walletBadSignature: None;
  readonly walletNoKey: None;
  /** The Idempotency-Key header names another transaction than the body. */
  readonly walletKeyMismatch: { key: string; id: string };
  readonly walletNotJson: { error: string };
  /** A field of the transaction missing or not of its kind (`field` its name). */
  readonly walletMalformed: { field: string };
  readonly walletCurrency: { currency: string; expected: string };
  /** The id was applied before with another body. */
  readonly walletConflict: { id: string };
  /** An error the fault injection answers with. */
  readonly walletInjected: None;
  /** A call the fault injection held past the client's patience, then answered unapplied. */
  readonly walletHeld: { ms: string };
  readonly walletFaultRequest: None;
  readonly walletLedgerUnwritable: { error: string };
  readonly noRoute: { method: string; path: string };
  readonly bodyTooLarge: None;
}

export type WalletReasonCode = keyof WalletReasonParams;
export type WalletReason = CodedUnion<{ [C in WalletReasonCode]: WalletReasonParams[C] }>;

/** A wallet reason from its code and values (the compiler checks the values the code takes). */
export function walletReason<C extends WalletReasonCode>(code: C, ...params: [keyof WalletReasonParams[C]] extends [never] ? [] : [WalletReasonParams[C]]): WalletReason {
  return { code, params: params[0] ?? {} } as WalletReason;
}

/** A refusal's answer body, in the shape of the table's own refusals (docs/web-api.md, "Refusals"). */
export function refusalBody(reason: WalletReason): { ok: false; reason: string; code: string; params: Readonly<Record<string, string>> } {
  return { ok: false, reason: reasonSentence(reason), code: reason.code, params: reason.params };
}
