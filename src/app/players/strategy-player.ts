// Playing a computed strategy on the production table state: the demo bot and the simulator
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
import type { Player } from './player.js';

const HIT_STAND: readonly Action[] = ['hit', 'stand'];
const STAND: readonly Action[] = ['stand'];

/** The computed strategy as a Player (players/player.ts), plus the box-level choices only it makes:
 *  switch, insurance and even money. */
export class StrategyPlayer implements Player {
  private readonly policy: Policy;
  /** The chart's rows looked up once per (row, up card) and kept by a number (simulate-table asks on every
   *  decision, for millions of rounds): index = (row kind × 1024 + row) × 16 + up value. */
  private readonly orders = new Map<number, readonly Action[] | null>();
  /** The switch chart's cells by (up value × 1024 + the two values, or 1023 for blackjack), looked up once. */
  private readonly switchCells = new Map<number, number>();
  /** Two cards as a dealt hand, reused for naturalKind (which reads it and keeps nothing). */
  private readonly twoCards: { cards: Card[]; fromSplit: boolean; ownSecondCard: boolean } = { cards: [], fromSplit: false, ownSecondCard: true };

  constructor(readonly strategy: Strategy, readonly rules: RuleSet) {
    this.policy = strategyPolicy(strategy);
  }

  /** The chart's action for a hand in turn; `legal` answers for the production machine. The same answer
   *  as strategyPolicy (analysis/strategy.ts) on the hand's values, with the chart's rows looked up once. */
  decide(hand: Hand, lineage: number, up: Card, legal: (a: Action) => boolean): Action {
    const upValue = cardValue(up, this.rules);
    const cards = hand.cards;
    let hard = 0;
    let ace = false;
    for (let i = 0; i < cards.length; i++) {
      const v = cardValue(cards[i] as Card, this.rules);
      hard += v;
      if (v === 1) ace = true;
    }
    if (hand.doubles > 0 || upValue > 15 || hard > 1000) {
      const values = cards.map((c) => cardValue(c, this.rules));
      const shape = { values, fromSplit: hand.fromSplit, splitAces: hand.splitAces, doubles: hand.doubles, actions: hand.actions, lineage };
      return this.policy(shape, upValue, legal);
    }
    const soft = ace && hard + 10 <= 21;
    const total = soft ? hard + 10 : hard;
    let key: number;
    if (cards.length === 2) {
      const a = cardValue(cards[0] as Card, this.rules);
      const b = cardValue(cards[1] as Card, this.rules);
      key = ((2 * 1024 + (a <= b ? a * 32 + b : b * 32 + a)) * 16 + upValue) * 2 + (soft ? 1 : 0);
    } else {
      key = ((soft ? 1 : 0) * 1024 + total) * 16 * 2 + upValue * 2;
    }
    let order = this.orders.get(key);
    if (order === undefined) {
      order = this.rowOrder(cards.length === 2 ? cards : null, soft, total, upValue);
      this.orders.set(key, order);
    }
    const choices = order ?? (total < 17 ? HIT_STAND : STAND);
    for (let i = 0; i < choices.length; i++) if (legal(choices[i] as Action)) return choices[i] as Action;
    return 'stand';
  }

  /** strategyPolicy's row for the hand: its pair row when it has two cards and the chart one, else its
   *  soft or hard total's row; the up card's cell of it, or null. */
  private rowOrder(two: readonly Card[] | null, soft: boolean, total: number, upValue: number): readonly Action[] | null {
    const up = String(upValue);
    const pairRow = two !== null ? this.strategy.pairs[pairKey(cardValue(two[0] as Card, this.rules), cardValue(two[1] as Card, this.rules))] : undefined;
    return (pairRow ?? (soft ? this.strategy.soft : this.strategy.hard)[String(total)])?.[up] ?? null;
  }

  /** switch: whether the other arrangement of the box's second cards is worth more (chart values). The
   *  chart's cells are looked up once per (up card, two cards) and kept by a number: the simulator asks
   *  before every first decision of a switch box. */
  shouldSwitch(box: Box, up: Card): boolean {
    const upValue = cardValue(up, this.rules);
    const a = box.hands[0];
    const b = box.hands[1];
    if (!this.hasSwitchRow(upValue) || !a || !b || a.cards.length !== 2 || b.cards.length !== 2) return false;
    const a0 = a.cards[0] as Card;
    const a1 = a.cards[1] as Card;
    const b0 = b.cards[0] as Card;
    const b1 = b.cards[1] as Card;
    const now = this.switchValue(upValue, a0, a1, a.ownSecondCard) + this.switchValue(upValue, b0, b1, b.ownSecondCard);
    const other = this.switchValue(upValue, a0, b1, !a.ownSecondCard) + this.switchValue(upValue, b0, a1, !b.ownSecondCard);
    return other > now + 1e-12;
  }

  /** The chart's switch row for the up card's value exists. */
  private hasSwitchRow(upValue: number): boolean {
    return this.strategy.switchValues?.[String(upValue)] !== undefined;
  }

  /** A two-card hand's switch value: the row's blackjack cell for a blackjack with its own second card, else
   *  its pair cell (0 where the chart has none). */
  private switchValue(upValue: number, x: Card, y: Card, own: boolean): number {
    const two = this.twoCards;
    two.cards[0] = x;
    two.cards[1] = y;
    const blackjack = own && naturalKind(two, this.rules) === 'blackjack';
    const vx = cardValue(x, this.rules);
    const vy = cardValue(y, this.rules);
    const id = blackjack ? upValue * 1024 + 1023 : upValue * 1024 + (vx <= vy ? vx * 32 + vy : vy * 32 + vx);
    let cell = this.switchCells.get(id);
    if (cell === undefined) {
      const row = this.strategy.switchValues?.[String(upValue)] ?? {};
      cell = (blackjack ? row['bj'] : row[pairKey(vx, vy)]) ?? 0;
      this.switchCells.set(id, cell);
    }
    return cell;
  }

  takesEvenMoney(up: Card): boolean {
    return this.strategy.evenMoney[String(cardValue(up, this.rules))] === true;
  }

  takesInsurance(up: Card): boolean {
    return this.strategy.insurance[String(cardValue(up, this.rules))] === true;
  }
}
