// One Player for every round driver: the demo bot, the simulation's bot and the par simulation ask the
// same question of a player — what it does now with the hand in turn — and a player answers with the
// first of its choices the round machine accepts (`legal` is the machine's own refusal check).
import type { Card } from '../../rules/cards.js';
import type { Hand } from '../../rules/hand.js';
import { handTotalOf } from '../../rules/hand-total.js';
import type { HandAction } from '../../rules/player-actions.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { basicStrategy } from './basic-strategy.js';

export interface Player {
  /** The action for `hand`, in turn against the dealer's `up` card; `lineage` is how many hands the box's
   *  original hand has become by splitting. */
  decide(hand: Hand, lineage: number, up: Card, legal: (action: HandAction) => boolean): HandAction;
}

/** The compact multi-deck chart (basic-strategy.ts): the demo's player until the computed one is ready. */
export function basicStrategyPlayer(rules: RuleSet): Player {
  return { decide: (hand, _lineage, up, legal) => basicStrategy(hand.cards, up, rules, legal) };
}

/** Hits below 17 and stands on 17 or more; never splits, doubles or surrenders. */
export function hit17Player(rules: RuleSet): Player {
  return { decide: (hand) => (handTotalOf(hand.cards, rules) < 17 ? 'hit' : 'stand') };
}
