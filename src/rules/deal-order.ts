// Initial deal order (every rule set, docs/rules.md): one card to each seat in seat order (each hand of a box in order),
// then the dealer's up card, then the second card to each seat, then — in hole-card games — the hole card.
import type { RuleSet } from './rule-set.js';

export type DealTarget =
  | { readonly kind: 'hand'; readonly seat: number; readonly hand: number }
  | { readonly kind: 'dealer'; readonly hole: boolean };

export interface DealtBox {
  readonly seat: number;
  readonly hands: number;
}

export function initialDealTargets(boxes: readonly DealtBox[], rules: RuleSet): DealTarget[] {
  const ordered = [...boxes].sort((a, b) => a.seat - b.seat);
  const round = (): DealTarget[] =>
    ordered.flatMap((box) => Array.from({ length: box.hands }, (_, hand) => ({ kind: 'hand' as const, seat: box.seat, hand })));
  const targets: DealTarget[] = [...round(), { kind: 'dealer', hole: false }, ...round()];
  if (rules.dealer.holeCard) targets.push({ kind: 'dealer', hole: true });
  return targets;
}
