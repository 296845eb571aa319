// The dealer-error procedures a supervisor (or the dealer) starts, by name (docs/procedures.md): what a
// `supervisor` input's `action` may be besides pause, resume, void, useCard and shoeChange, and why a card
// may be burned in play. Pure names; the round machine's guards and actions are procedure-guards.ts and
// procedure-actions.ts.

/** enterCard: the card the shoe could not read, entered by hand (PROTOCOL.md §7.4.2 "manual entry").
 *  correctCard: a card read wrong, as it truly is. moveCard: a card put on the wrong box, moved to the box
 *  the table named. burnCard: a card exposed, on the floor, face up in the shoe, or drawn by the dealer on a
 *  standing hand, burned. loadDiscards: the shoe ran out mid-round; the reshuffled discards are loaded.
 *  countStub: the cards left in a removed shoe's stub, counted by hand (the missing cards). */
export const PROCEDURE_ACTIONS = ['enterCard', 'correctCard', 'moveCard', 'burnCard', 'loadDiscards', 'countStub'] as const;
export type ProcedureAction = (typeof PROCEDURE_ACTIONS)[number];

/** Why a card is burned in play (South Dakota 20:18:15:28; Louisiana III-3106 C; studio "Card on Floor"). */
export const BURN_CAUSES = ['exposed', 'floor', 'faceUp', 'dealerStood'] as const;
/** Besides the causes a supervisor calls: a new dealer on duty where the rule set asks for a burn then
 *  (`burnOnDealerChange`; Louisiana III-3106 C, Pennsylvania §685a.7(d)); the table calls it itself. */
export type BurnCause = (typeof BURN_CAUSES)[number] | 'dealerChange';

export function isBurnCause(text: unknown): text is BurnCause {
  return (BURN_CAUSES as readonly unknown[]).includes(text);
}
