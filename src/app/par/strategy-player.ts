// Playing a computed strategy on the production table state (issue 13): the demo bot and the simulator
// decide with it. The hand's legal actions come from the round machine's own refusal check.
import { cardValue } from '../../rules/card-values.js';
import type { Card } from '../../rules/cards.js';
import type { Hand } from '../../rules/hand.js';
import { naturalKind } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Box } from '../../round/table-state.js';
import type { Action } from '../../analysis/hand-rules.js';
import { pairKey, strategyPolicy, type Strategy } from '../../analysis/strategy.js';
import type { Policy } from '../../analysis/hand-values.js';

export class StrategyPlayer {
  private readonly policy: Policy;

  constructor(readonly strategy: Strategy, private readonly rules: RuleSet) {
    this.policy = strategyPolicy(strategy);
  }

  /** The chart's action for a hand in turn; `legal` answers for the production machine. */
  decide(hand: Hand, lineage: number, up: Card, legal: (a: Action) => boolean): Action {
    const values = hand.cards.map((c) => cardValue(c, this.rules));
    const shape = { values, fromSplit: hand.fromSplit, splitAces: hand.splitAces, doubles: hand.doubles, actions: hand.actions, lineage };
    return this.policy(shape, cardValue(up, this.rules), legal);
  }

  /** switch: whether the other arrangement of the box's second cards is worth more (chart values). */
  shouldSwitch(box: Box, up: Card): boolean {
    const row = this.strategy.switchValues?.[String(cardValue(up, this.rules))];
    const [a, b] = box.hands;
    if (!row || !a || !b || a.cards.length !== 2 || b.cards.length !== 2) return false;
    const value = (cards: readonly Card[], own: boolean): number => {
      if (own && naturalKind({ cards: [...cards], fromSplit: false, ownSecondCard: true }, this.rules) === 'blackjack') return row['bj'] ?? 0;
      const [x, y] = cards.map((c) => cardValue(c, this.rules)) as [number, number];
      return row[pairKey(x, y)] ?? 0;
    };
    const [a0, a1] = a.cards as [Card, Card];
    const [b0, b1] = b.cards as [Card, Card];
    const now = value(a.cards, a.ownSecondCard) + value(b.cards, b.ownSecondCard);
    const other = value([a0, b1], !a.ownSecondCard) + value([b0, a1], !b.ownSecondCard);
    return other > now + 1e-12;
  }

  takesEvenMoney(up: Card): boolean {
    return this.strategy.evenMoney[String(cardValue(up, this.rules))] === true;
  }

  takesInsurance(up: Card): boolean {
    return this.strategy.insurance[String(cardValue(up, this.rules))] === true;
  }
}
