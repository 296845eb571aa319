// Which card the table expects next, if any — the one question the shoe's draw gate and the dealer's
// display both ask. Derived from the table state and the machine's phase; pure.
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableState } from '../../round/table-state.js';
import { initialDealTargets } from '../../rules/deal-order.js';
import { handInTurn } from '../../round/operations/hands.js';
import { cardDueToHand } from '../../round/operations/play.js';
import { dealerNeedsCard } from '../../round/operations/dealer.js';

export type CardDue =
  | { readonly to: 'burn'; readonly remaining: number | null }
  | { readonly to: 'seat'; readonly seat: number; readonly hand: number }
  | { readonly to: 'dealer'; readonly hole: boolean };

export function cardDue(table: TableState, phase: string, rules: RuleSet): CardDue | null {
  switch (phase) {
    case 'active.burning': {
      const shoe = table.shoe;
      return { to: 'burn', remaining: shoe?.burnTarget === null || !shoe ? null : shoe.burnTarget - shoe.burned };
    }
    case 'active.dealing': {
      const target = initialDealTargets(table.boxes.map((b) => ({ seat: b.seat, hands: rules.boxes.handsPerBox })), rules)[table.dealt];
      if (!target) return null;
      return target.kind === 'dealer' ? { to: 'dealer', hole: target.hole } : { to: 'seat', seat: target.seat, hand: target.hand };
    }
    case 'active.playing': {
      const turn = handInTurn(table);
      return turn && cardDueToHand(table) ? { to: 'seat', seat: turn.box.seat, hand: turn.hand.index } : null;
    }
    case 'active.dealerTurn':
      return dealerNeedsCard(table, rules) ? { to: 'dealer', hole: false } : null;
    default:
      return null;
  }
}
