// The JSON bodies of the command API, strictly validated (an unknown field is a malformed body). Money
// in integer minor units; seats from 1; hands as the round machine numbers them (0 = first dealt hand).
// Whether a well-formed command fits the table now is the round machine's call, not the schema's.
import { z } from 'zod';
import { BET_KINDS } from '../../round/inputs.js';
import { BURN_CAUSES } from '../../round/procedure-names.js';
import { playerNameSchema } from '../../round/player-name.js';

const seat = z.number().int().min(1).max(9);
const player = playerNameSchema;
const amount = z.number().int().positive();
const reason = z.string().min(1).max(200);

export const betBody = z.strictObject({ seat, player, amount, kind: z.enum(BET_KINDS).optional() });
export const cancelBetBody = z.strictObject({ seat, player, kind: z.enum(BET_KINDS).optional() });
export const emptyBody = z.strictObject({});

export const PLAY_ACTIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'switch'] as const;
export const decisionBody = z.strictObject({
  seat,
  hand: z.number().int().min(0).optional(),
  action: z.enum(PLAY_ACTIONS),
  /** double for less / triple: the amount added. */
  amount: amount.optional(),
  player: player.optional(),
});

export const OFFER_ANSWERS = ['insurance', 'noInsurance', 'evenMoney'] as const;
export const offerBody = z.strictObject({
  seat,
  action: z.enum(OFFER_ANSWERS),
  /** Partial insurance, where the rules allow it. */
  amount: amount.optional(),
  /** A co-player on the box (default: the box owner). */
  player: player.optional(),
});

export const followBody = z.strictObject({ seat, player, follow: z.enum(['double', 'split']) });

export const reasonBody = z.strictObject({ reason: reason.optional() });
/** The dealer now on duty (docs/live-table.md, "The dealer on duty"): a name as the pages show it. */
export const dealerBody = z.strictObject({ dealer: player });

// The procedures (docs/procedures.md): a card as the shoe names it (rank A 2-9 T J Q K or 10, suit S H D C),
// the box it belongs to (no seat: the dealer), why a card is burned.
const card = z.string().regex(/^(10|[2-9TJQKA])[SHDC]$/i).describe('a card, e.g. "QH"');
const box = { seat: seat.optional().describe('the seat (absent: the dealer)'), hand: z.number().int().min(0).optional() };
export const enterCardBody = z.strictObject({ card });
export const cardOnBoxBody = z.strictObject({ card, ...box });
export const burnBody = z.strictObject({ cause: z.enum(BURN_CAUSES) });
/** A removed shoe's stub counted by hand (docs/procedures.md, "Missing cards"); the round machine checks it against the shoe's size. */
export const stubBody = z.strictObject({
  stub: z.number().int().min(0).max(10_000).describe('the cards counted in the stub'),
  shoe: z.number().int().min(1).optional().describe('the removed shoe counted (absent: the shoe last removed)'),
});

/** Issues a refusal names (the first few say what to fix; the rest would only lengthen the record). */
const ISSUES_NAMED = 3;
/** A message is clipped here: an unknown key is named in it, and a key can be any length. */
const ISSUE_CHARS = 80;

/** Validation issues (path joined by dots, '' for the body itself) as one readable, bounded line. */
export function issuesLine(issues: readonly { readonly path: string; readonly message: string }[]): string {
  return issues.slice(0, ISSUES_NAMED).map((i) => {
    const message = i.message.length > ISSUE_CHARS ? `${i.message.slice(0, ISSUE_CHARS - 1)}…` : i.message;
    return `${i.path || 'body'}: ${message}`;
  }).join('; ');
}

/** A zod error as one readable line. */
export function describeIssues(error: z.ZodError): string {
  return issuesLine(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}
