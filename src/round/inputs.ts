// Everything that reaches the controller, as recorded in a session (one JSON object a line).
// The shape is checked here (a malformed line is refused before the table sees it); whether an input
// is acceptable now is the round machine's business (a refused input becomes input.rejected).
import { z } from 'zod';
import type { Card } from '../rules/cards.js';
import { playerNameSchema } from './player-name.js';
import { PROCEDURE_ACTIONS } from './procedure-names.js';

const seat = z.number().int();
/** The longest results moment a table file may ask for, in seconds. */
export const RESULTS_SECONDS_MAX = 60;
const optionalTime = { at: z.string().optional() };

export const tableInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('shoe.loaded'), ...optionalTime }),
  z.strictObject({ type: z.literal('card'), card: z.string(), ...optionalTime }),
  z.strictObject({ type: z.literal('cut-card'), ...optionalTime }),
  z.strictObject({
    type: z.literal('bet'),
    seat,
    player: playerNameSchema,
    amount: z.number(),
    kind: z.string().optional(),
    ...optionalTime,
  }),
  z.strictObject({ type: z.literal('bet.cancel'), seat, player: playerNameSchema, kind: z.string().optional(), ...optionalTime }),
  z.strictObject({ type: z.literal('betting.closed'), ...optionalTime }),
  // The betting countdown ran out (src/app/table/betting-timer.ts): betting closes by itself (seed 002).
  z.strictObject({ type: z.literal('betting.timeout'), ...optionalTime }),
  z.strictObject({
    type: z.literal('decision'),
    seat,
    hand: z.number().int().optional(),
    action: z.string(),
    amount: z.number().optional(),
    player: playerNameSchema.optional(),
    ...optionalTime,
  }),
  z.strictObject({ type: z.literal('decision.timeout'), seat, ...optionalTime }),
  // The shoe link (firmware-protocol/PROTOCOL.md): a fault reported by the shoe or the link pauses the table; the link
  // coming back (and only that) clears its own fault.
  // A sequence incident (src/app/table/sequence-incident.ts) carries the link's evidence onto the log. `detail` is
  // the cause in English; `detailCode` and `detailParams` the same, coded (src/messages/fault-detail.ts).
  z.strictObject({ type: z.literal('shoe.fault'), fault: z.string(), detail: z.string().optional(), detailCode: z.string().optional(), detailParams: z.record(z.string(), z.string()).optional(), evidence: z.record(z.string(), z.unknown()).optional(), ...optionalTime }),
  z.strictObject({ type: z.literal('shoe.recovered'), fault: z.string(), ...optionalTime }),
  // The controller restarted and rebuilt the table from its log (recovery): an interrupted
  // round stays paused at its exact step until the dealer or a supervisor resumes.
  z.strictObject({ type: z.literal('table.recovered'), ...optionalTime }),
  // The results moment (docs/live-table.md, "The results moment"): how long the table holds after a round
  // settles (the table file's `resultsSeconds`, recorded when it changes) and the hold's end (the results timer,
  // src/app/table/results-timer.ts).
  z.strictObject({ type: z.literal('results.configured'), seconds: z.number().int().min(0).max(RESULTS_SECONDS_MAX), ...optionalTime }),
  z.strictObject({ type: z.literal('results.timeout'), ...optionalTime }),
  // The end-of-shoe receipt (docs/procedures.md): the table file's `shoeReceipt`, recorded when it changes.
  z.strictObject({ type: z.literal('receipts.configured'), on: z.boolean(), ...optionalTime }),
  // The dealer on duty (docs/live-table.md, "The dealer on duty"): from the dealer's page or the API.
  z.strictObject({ type: z.literal('dealer.changed'), dealer: playerNameSchema, ...optionalTime }),
  z.strictObject({
    type: z.literal('supervisor'),
    action: z.string(),
    by: z.string().min(1).optional(),
    reason: z.string().optional(),
    // The procedures' details (docs/procedures.md): the card entered or as it truly is, the box it belongs
    // to (no seat: the dealer), why a card is burned.
    card: z.string().optional(),
    seat: seat.optional(),
    hand: z.number().int().optional(),
    cause: z.string().optional(),
    // countStub (docs/procedures.md, "Missing cards"): the cards counted in the removed shoe's stub, and the
    // shoe the supervisor counted (absent: the shoe last removed).
    stub: z.number().int().optional(),
    shoe: z.number().int().optional(),
    ...optionalTime,
  }),
]);

export type TableInput = z.infer<typeof tableInputSchema>;
export type InputType = TableInput['type'];
export type InputOf<T extends InputType> = Extract<TableInput, { type: T }>;

export const BET_KINDS = ['main', 'behind', 'pairs', 'superMatch'] as const;
export type BetKind = (typeof BET_KINDS)[number];

export const DECISION_ACTIONS = [
  'hit', 'stand', 'double', 'split', 'surrender',
  'insurance', 'noInsurance', 'evenMoney', 'switch',
  'followDouble', 'followSplit',
] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** Faults the shoe or its link report (firmware-protocol FAULT, CARD_UNREADABLE, link state). */
export const SHOE_FAULTS = ['linkDown', 'misread', 'jam', 'dirtySensor', 'cardReversed', 'cutCardMissing', 'sequenceIncident'] as const;
export type ShoeFault = (typeof SHOE_FAULTS)[number];
/** Faults only a supervisor's resume clears: `shoe.recovered` for them is refused (an integrity incident needs a person). */
export const SUPERVISOR_CLEARED_SHOE_FAULTS: readonly ShoeFault[] = ['sequenceIncident'];

/** resume sets a fault card aside; useCard deals an out-of-turn card to the hand in turn as a hit;
 *  shoeChange voids any open round and ends the shoe. */
export const SUPERVISOR_ACTIONS = ['pause', 'resume', 'void', 'useCard', 'shoeChange', ...PROCEDURE_ACTIONS] as const;
export type SupervisorAction = (typeof SUPERVISOR_ACTIONS)[number];

/** An input as the round machine receives it: the recorded input and where it came from. */
/** `card`: for a card input, the card parsed once by the engine that built the event (null: unreadable);
 *  absent, the guards parse it themselves. */
export type MachineEvent = { [T in InputType]: { type: T; input: InputOf<T>; line?: number; card?: Card | null } }[InputType];
