// A rule set is data (config/rules/<name>.yaml), validated by this schema at load.
// Every field is named after the rule it carries; comments cite the rule text.
import { z } from 'zod';
import { RANKS, SUITS } from './cards.js';

const rank = z.enum(RANKS);
const suit = z.enum(SUITS);
/** A payout ratio "N:M" written as [N, M], e.g. [3, 2] for blackjack. */
const ratio = z.tuple([z.number().int().min(0), z.number().int().min(1)]);
const minorUnits = z.number().int().positive();
/** Card classes that rules refer to: an ace or any card worth ten. */
const upCardClass = z.enum(['ace', 'ten']);

const deck = z.strictObject({
  decks: z.number().int().min(1).max(16),
  /** Ranks present in one deck (the 17+4 deck has 32 cards: 7 8 9 T J Q K A). */
  ranks: z.array(rank).min(1).default([...RANKS]),
  suits: z.array(suit).min(1).default([...SUITS]),
  /** Point value per rank; an ace counts 1 and may count 11 (soft) when that does not bust. */
  values: z.partialRecord(rank, z.number().int().min(1).max(11)).default({}),
});

const limits = z.strictObject({
  min: minorUnits,
  max: minorUnits,
  /** Upper bound of all stakes on one box together (european: box total ≤ table maximum). */
  boxMax: minorUnits.optional(),
  sideMin: minorUnits,
  sideMax: minorUnits,
});

const burn = z.discriminatedUnion('kind', [
  /** A fixed number of cards is burned after each new shoe (default one). */
  z.strictObject({ kind: z.literal('fixed'), count: z.number().int().min(0).max(20) }),
  /** deluxe: the first card is shown, then as many more as its value are burned (A=1, pictures 10). */
  z.strictObject({ kind: z.literal('firstCardValue') }),
]);

const dealer = z.strictObject({
  holeCard: z.boolean(),
  /** Up cards on which the dealer checks the hole card for blackjack before play. */
  peekOn: z.array(upCardClass).default([]),
  standOn: z.number().int().min(12).max(21).default(17),
  hitSoft17: z.boolean().default(false),
  /** switch: a dealer total of 22 pushes every hand still standing, except a blackjack. */
  push22: z.boolean().default(false),
});

const blackjack = z.strictObject({
  pays: ratio,
  /** 'atOnce': settled as soon as no dealer blackjack is possible; 'endOfRound' (switch). */
  settle: z.enum(['atOnce', 'endOfRound']).default('atOnce'),
  /** classic: A + ten of one suit pays 2:1. */
  suitedPays: ratio.optional(),
  /** classic: a two-card pair of aces beats everything, including blackjack, and pays as one. */
  pairOfAcesBeatsAll: z.boolean().default(false),
  /** 17+4: this many picture cards (J Q K) in one hand count as blackjack. */
  pictureCardsCount: z.number().int().min(2).max(11).optional(),
  /** Even money is offered to a blackjack hand against these up cards. */
  evenMoneyAgainst: z.array(upCardClass).default([]),
  /** european: when a dealer blackjack shows, stakes lost are all stakes ('all') or only the original bet. */
  dealerBlackjackTakes: z.enum(['all', 'originalOnly']).default('all'),
});

const insurance = z.strictObject({
  offered: z.boolean(),
  pays: ratio.default([2, 1]),
  /** european: any amount up to half the stake; otherwise exactly half. */
  partial: z.boolean().default(false),
  /** deluxe: a blackjack hand may insure; european: a blackjack is not insured (even money instead). */
  withBlackjack: z.boolean().default(true),
});

const surrender = z.strictObject({
  allowed: z.boolean(),
  notAgainst: z.array(upCardClass).default([]),
});

const double = z.strictObject({
  allowed: z.boolean(),
  /** six-deck: not allowed when either card is an ace. */
  forbidWithAce: z.boolean().default(false),
  /** basic, switch, european: not on a two-card 21 / blackjack. */
  forbidOn21: z.boolean().default(true),
  afterSplit: z.boolean().default(true),
  afterSplitAces: z.boolean().default(false),
  /** european: double for any amount from the table minimum up to the original stake. */
  forLess: z.boolean().default(false),
  /** classic triple: after a double, another original stake for one more card. */
  triple: z.boolean().default(false),
});

const split = z.strictObject({
  allowed: z.boolean(),
  /** Hands one dealt hand may become (4 = resplit to four hands; 2 = split once). */
  maxHands: z.number().int().min(2).max(8),
  /** Hands a pair of aces may become (2 = no resplit of aces). */
  maxHandsAces: z.number().int().min(2).max(8),
  /** Each split ace receives one card only. */
  oneCardOnAces: z.boolean().default(true),
  /** classic (seed 000 part 2): «две картинки даже если они разного значения, например дама и валет» —
   *  any two pictures (J Q K) make a pair, whatever their point values (17+4: J=2 Q=3 K=4). */
  anyTwoPictures: z.boolean().default(false),
});

const hand = z.strictObject({
  /** classic: at most this many cards per hand (player and dealer). */
  maxCards: z.number().int().min(2).max(21).optional(),
  /** classic: three sevens totalling 21 pay this bonus. */
  threeSevensPays: ratio.optional(),
});

const boxes = z.strictObject({
  /** switch: each box plays two hands with the stake of the bet each. */
  handsPerBox: z.number().int().min(1).max(2).default(1),
  /** european: up to 3 players per box; the first bettor owns it and decides. */
  playersPerBox: z.number().int().min(1).max(7).default(1),
  /** deluxe: a player may hold up to two seats, with equal stakes. */
  seatsPerPlayer: z.number().int().min(1).default(7),
  equalStakesAcrossSeats: z.boolean().default(false),
  /** deluxe: bet behind a seated player. */
  betBehind: z.boolean().default(false),
});

const sideBets = z.strictObject({
  /** deluxe Pairs: mixed 5:1, coloured 10:1, perfect 30:1, both cards equal to the dealer's up card 50:1. */
  pairs: z
    .strictObject({ mixed: ratio, coloured: ratio, perfect: ratio, suitedTrips: ratio })
    .optional(),
  /** switch Super Match on the box's first four cards: quads 40:1, two pair 8:1, trips 5:1, pair 1:1. */
  superMatch: z
    .strictObject({ quads: ratio, twoPair: ratio, trips: ratio, pair: ratio })
    .optional(),
});

export const ruleSetSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9+-]*$/),
  title: z.string(),
  source: z.string(),
  deck,
  seats: z.number().int().min(1).max(9),
  limits,
  burn,
  dealOrder: z.enum(['seatsThenDealer']).default('seatsThenDealer'),
  dealer,
  /** A card is burned each time the dealer on duty changes (Louisiana III-3106 C, Pennsylvania §685a.7(d)).
   *  None of the seed documents asks for it (docs/procedures.md); absent: no burn. */
  burnOnDealerChange: z.boolean().optional(),
  payouts: z.strictObject({ win: ratio }),
  blackjack,
  insurance,
  surrender,
  double,
  split,
  hand: hand.default({}),
  switch: z.strictObject({ allowed: z.boolean() }).default({ allowed: false }),
  boxes: boxes.default({ handsPerBox: 1, playersPerBox: 1, seatsPerPlayer: 7, equalStakesAcrossSeats: false, betBehind: false }),
  sideBets: sideBets.default({}),
  /** What happens when a decision timer runs out: stand, or (deluxe) hit while 11 or less, then stand. */
  timeout: z.strictObject({
    autoPlay: z.enum(['stand', 'hitToTwelve']),
    decisionSeconds: z.number().int().min(1),
    /** 'hand': the expiry decides the hand in turn; 'seat' (deluxe, seed 002): every remaining hand of the seat. */
    scope: z.enum(['hand', 'seat']).default('hand'),
  }),
});

export type RuleSet = z.infer<typeof ruleSetSchema>;
export type RuleSetInput = z.input<typeof ruleSetSchema>;
export type UpCardClass = z.infer<typeof upCardClass>;
export type Ratio = z.infer<typeof ratio>;
