// Side bets' exact return by enumeration over the shoe's composition, in integers: every
// ordered deal of the cards a bet looks at is counted (BigInt), so the outcomes' counts add up to the
// number of deals exactly. Each deal is judged by the production rule (src/rules/side-bets.ts).
// deluxe Pairs: the seat's two cards and the dealer's up card (suited trips needs it); switch Super Match:
// the box's four cards (ranks only matter). Per unit staked; rounding of minor units is left out.
// Pure: no I/O, no clock, no randomness.
import { RANKS, SUITS, type Card } from '../rules/cards.js';
import type { Ratio, RuleSet } from '../rules/rule-set.js';
import { judgePairs, judgeSuperMatch } from '../rules/side-bets.js';

export interface SideBetOutcome {
  /** The combination paid, or "none" (the stake lost). */
  readonly combination: string;
  readonly ratio: Ratio | null;
  /** Ordered deals giving it. */
  readonly count: bigint;
  readonly probability: number;
}

export interface SideBetOdds {
  readonly bet: 'pairs' | 'superMatch';
  /** Ordered deals in all: N (N-1) ... for the cards the bet looks at. */
  readonly deals: bigint;
  readonly outcomes: SideBetOutcome[];
  /** Expected net per unit staked, as an exact fraction. */
  readonly returnNumerator: bigint;
  readonly returnDenominator: bigint;
  readonly expectedReturn: number;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

function summarise(bet: SideBetOdds['bet'], deals: bigint, tally: Map<string, { ratio: Ratio | null; count: bigint }>): SideBetOdds {
  let lcm = 1n;
  for (const { ratio } of tally.values()) if (ratio) lcm = (lcm * BigInt(ratio[1])) / gcd(lcm, BigInt(ratio[1]));
  let num = 0n;
  const outcomes: SideBetOutcome[] = [];
  for (const [combination, { ratio, count }] of tally) {
    num += ratio ? (count * BigInt(ratio[0]) * lcm) / BigInt(ratio[1]) : -count * lcm;
    outcomes.push({ combination, ratio, count, probability: Number(count) / Number(deals) });
  }
  let den = deals * lcm;
  const g = gcd(num, den);
  if (g > 1n) {
    num /= g;
    den /= g;
  }
  outcomes.sort((a, b) => (b.ratio ? b.ratio[0] / b.ratio[1] : -1) - (a.ratio ? a.ratio[0] / a.ratio[1] : -1));
  return { bet, deals, outcomes, returnNumerator: num, returnDenominator: den, expectedReturn: Number(num) / Number(den) };
}

function cardTypes(rules: RuleSet): Card[] {
  return rules.deck.ranks.flatMap((r) => rules.deck.suits.map((s) => `${r}${s}` as Card));
}

/** deluxe Pairs over (first card, second card, dealer's up card): every ordered triple of the shoe. */
export function pairsOdds(rules: RuleSet): SideBetOdds {
  if (!rules.sideBets.pairs) throw new Error(`${rules.name} has no Pairs side bet`);
  const types = cardTypes(rules);
  const copies = BigInt(rules.deck.decks);
  const n = BigInt(types.length) * copies;
  const tally = new Map<string, { ratio: Ratio | null; count: bigint }>();
  for (const a of types) {
    for (const b of types) {
      const nb = copies - (a === b ? 1n : 0n);
      if (nb <= 0n) continue;
      for (const u of types) {
        const nu = copies - (u === a ? 1n : 0n) - (u === b ? 1n : 0n);
        if (nu <= 0n) continue;
        const { combination, ratio } = judgePairs([a, b], u, rules);
        const key = combination ?? 'none';
        const t = tally.get(key) ?? { ratio, count: 0n };
        t.count += copies * nb * nu;
        tally.set(key, t);
      }
    }
  }
  return summarise('pairs', n * (n - 1n) * (n - 2n), tally);
}

/** switch Super Match over the box's four cards: ranks only decide it, so ranks are enumerated with their counts. */
export function superMatchOdds(rules: RuleSet): SideBetOdds {
  if (!rules.sideBets.superMatch) throw new Error(`${rules.name} has no Super Match side bet`);
  const ranks = rules.deck.ranks.filter((r) => (RANKS as readonly string[]).includes(r));
  const perRank = BigInt(rules.deck.suits.length * rules.deck.decks);
  const n = BigInt(ranks.length) * perRank;
  const suit = rules.deck.suits[0] ?? SUITS[0];
  const tally = new Map<string, { ratio: Ratio | null; count: bigint }>();
  const used = new Map<string, bigint>();
  const walk = (picked: string[], ways: bigint): void => {
    if (picked.length === 4) {
      const { combination, ratio } = judgeSuperMatch(picked.map((r) => `${r}${suit}` as Card), rules);
      const key = combination ?? 'none';
      const t = tally.get(key) ?? { ratio, count: 0n };
      t.count += ways;
      tally.set(key, t);
      return;
    }
    for (const r of ranks) {
      const left = perRank - (used.get(r) ?? 0n);
      if (left <= 0n) continue;
      used.set(r, (used.get(r) ?? 0n) + 1n);
      walk([...picked, r], ways * left);
      used.set(r, (used.get(r) ?? 0n) - 1n);
    }
  };
  walk([], 1n);
  return summarise('superMatch', n * (n - 1n) * (n - 2n) * (n - 3n), tally);
}
