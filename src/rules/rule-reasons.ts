// Why a rule says no, as a code with its values (docs/event-log.md, "Reasons"): the rule functions give
// these, the round machine stores them on its facts, and every surface puts them in words from the message
// catalogue (src/messages). A closed union: a code the catalogue lacks does not compile.
import type { Card } from './cards.js';

/** A reason without values. */
export type NoParams = Readonly<Record<string, never>>;

/** The values of each reason the rule functions give, by code. Amounts are integer minor units. */
export interface RuleReasonParams {
  cardNotString: NoParams;
  unknownCard: { text: string };
  foreignNotInDeck: { card: Card; game: string };
  foreignAllDrawn: { card: Card; count: number };
  handIs: { hand: number; status: string };
  handWaitsCard: { hand: number };
  handWaitsSecond: { hand: number };
  splitAcesOneCard: NoParams;
  doubledOneCard: NoParams;
  noHitOn21: NoParams;
  maxCards: { count: number };
  noDouble: { game: string };
  alreadyDoubled: NoParams;
  doubleFirstTwo: NoParams;
  noDoubleAce: NoParams;
  noDouble21: NoParams;
  noDoubleSplitAces: NoParams;
  noDoubleAfterSplit: NoParams;
  doubleAmountPositive: NoParams;
  doubleExact: { stakeAmount: number };
  doubleRange: { minAmount: number; maxAmount: number };
  noSplit: { game: string };
  splitTwoCards: NoParams;
  splitPairOrPictures: NoParams;
  splitPair: NoParams;
  splitAcesMax: { count: number };
  splitMax: { count: number };
  noSurrender: { game: string };
  surrenderFirst: NoParams;
  noSurrenderAgainst: { card: Card };
}

/** One reason per code of a parameter map: `{ code, params }`, discriminated by `code`. */
export type ReasonOf<M> = { [K in keyof M]: { readonly code: K; readonly params: M[K] } }[keyof M];

export type RuleReason = ReasonOf<RuleReasonParams>;

/** A rule's reason; the code picks the values it needs. */
export function ruleReason<K extends keyof RuleReasonParams>(code: K, params: RuleReasonParams[K]): RuleReason {
  return { code, params } as RuleReason;
}

export const NO_PARAMS: NoParams = Object.freeze({});
