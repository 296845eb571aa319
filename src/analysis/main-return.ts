// The main game's exact expected return for a strategy, off the top of a full shoe: every up
// card and every two-card start weighted by its exact probability; naturals, the dealer's peek (a dealer
// blackjack takes the original bet, a player blackjack pushes), even money as the strategy says, then the
// hand played by the strategy (hand-values.ts, splits as documented there). switch: the box's four cards
// are enumerated and arranged as the chart's two-card values say; each hand is then valued with all four
// cards out (exactSwitch) or by those chart values (the other hand's two cards left in: quicker).
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { compositions } from './compositions.js';
import { deckModel, VALUE_SLOTS, type DeckModel } from './deck-model.js';
import { HandRules } from './hand-rules.js';
import { releaseDealerCache } from './analysis-caches.js';
import { UpCardAnalysis, type Policy } from './hand-values.js';
import { ratioValue } from './payoff.js';
import { blackjackPayout, computeStrategy, pairKey, strategyPolicy, type Strategy } from './strategy.js';

export interface MainReturn {
  /** Expected net per unit of the initial main bet (per hand in switch). */
  readonly expectedReturn: number;
  /** P(player blackjack or another natural) and P(dealer blackjack), off the top. */
  readonly playerNatural: number;
  readonly dealerBlackjack: number;
  /** Insurance taken on every offer: expected net per unit insured (null when never offered). */
  readonly insuranceReturn: number | null;
  /** Expected net per up card value, for the par sheet. */
  readonly byUpCard: Record<string, number>;
}

const initialShape = (values: number[]) => ({ values, fromSplit: false, splitAces: false, doubles: 0, actions: 0, lineage: 1 });

/** How split hands are valued: 'exact' (split-removal.ts) or 'perHand' (each from the shoe less the pair). */
export type SplitModelName = 'exact' | 'perHand';

/**
 * The main game's return for the chart. `splits`: how split hands are valued (hand-values.ts). `exactSwitch`
 * (switch games): value the arrangement chosen with all four of the box's cards out (about 50 s of CPU for
 * six decks), instead of the chart's two-card values.
 */
export function exactMainReturn(rules: RuleSet, strategy: Strategy, deck: DeckModel = deckModel(rules), splits: SplitModelName = 'exact', exactSwitch = false): MainReturn {
  if (rules.switch.allowed) return switchReturn(rules, strategy, deck, exactSwitch);
  return handByHandReturn(rules, strategyPolicy(strategy), strategy.evenMoney, deck, splits);
}

/**
 * The return of a player deciding each hand by `policy` from its own cards only (no switch: in a switch
 * game such a player keeps the hands as dealt, and a hand whose play never looks at the other hand's cards
 * has the value of a lone hand, those cards being unseen). Even money where `evenMoney` says so.
 */
export function handByHandReturn(rules: RuleSet, policy: Policy, evenMoney: Record<string, boolean>, deck: DeckModel = deckModel(rules), splits: SplitModelName = 'exact'): MainReturn {
  const hands = new HandRules(deck);
  const bjPay = blackjackPayout(rules);
  let ev = 0, natural = 0, dealerBJ = 0, insSum = 0, insWeight = 0;
  const byUpCard: Record<string, number> = {};
  for (const up of deck.values) {
    const pUp = (deck.counts[up - 1] as number) / deck.size;
    const a = new UpCardAnalysis(deck, up, hands, policy, undefined, splits);
    let evUp = 0;
    for (const { values: vs, probability: w } of compositions(a.shoe([]), 2)) {
      const cards = vs.slice();
      const kind = hands.natural(cards, false);
      const pBJ = a.blackjackChance(cards);
      dealerBJ += pUp * w * pBJ;
      if (up === 1 && rules.insurance.offered && (kind === null || rules.insurance.withBlackjack)) {
        insSum += pUp * w * (pBJ * (ratioValue(rules.insurance.pays) + 1) - 1);
        insWeight += pUp * w;
      }
      let v: number;
      if (kind === 'pairOfAces') {
        natural += pUp * w;
        v = ratioValue(rules.blackjack.pays); // beats everything, a dealer blackjack too
      } else if (kind === 'blackjack') {
        natural += pUp * w;
        const wait = (1 - pBJ) * bjPay;
        v = evenMoney[String(up)] === true ? 1 : wait;
      } else {
        const play = a.decide(initialShape(cards), cards);
        v = a.rule.peeked ? play - pBJ : play;
      }
      evUp += w * v;
    }
    byUpCard[String(up)] = evUp;
    ev += pUp * evUp;
    releaseDealerCache(deck, up);
    hands.forget();
  }
  return { expectedReturn: ev, playerNatural: natural, dealerBlackjack: dealerBJ, insuranceReturn: insWeight > 0 ? insSum / insWeight : null, byUpCard };
}

/**
 * switch: two hands a box from four cards (a1 b1 | a2 b2), kept or switched (a1 b2 | b1 a2) as the chart's
 * values say (strategy.switchValues: each two-card hand valued from the shoe less its own cards, what the
 * player and the simulator decide by). `exact`: the arrangement chosen is then valued with all four cards
 * out of the shoe (the player sees them; what either hand draws later is unseen by the other), which makes
 * the figure exact for that decision rule; otherwise with the chart's values.
 */
function switchReturn(rules: RuleSet, strategy: Strategy, deck: DeckModel, exact = false): MainReturn {
  const table = strategy.switchValues;
  if (!table) throw new Error(`${rules.name}: the strategy has no switch values`);
  const hands = new HandRules(deck);
  let ev = 0, natural = 0, dealerBJ = 0, insSum = 0, insWeight = 0;
  const byUpCard: Record<string, number> = {};
  const bjValue = (x: number, y: number) => hands.natural([x, y], false) === 'blackjack';
  for (const up of deck.values) {
    const pUp = (deck.counts[up - 1] as number) / deck.size;
    const a = new UpCardAnalysis(deck, up, hands);
    const played = exact ? new UpCardAnalysis(deck, up, hands, strategyPolicy(strategy)) : null;
    const row = table[String(up)] ?? {};
    const value = (x: number, y: number, own: boolean): number => (own && bjValue(x, y) ? row['bj'] : row[pairKey(x, y)]) ?? 0;
    const memo = new Map<number, number>();
    /** The hand x,y (own: as dealt) given no dealer blackjack, the box's other two cards o, p out too. */
    const exactValue = (x: number, y: number, own: boolean, o: number, p: number): number => {
      if (own && bjValue(x, y)) return row['bj'] ?? 0;
      if (!played) return value(x, y, false);
      const key = ((Math.min(x, y) * 16 + Math.max(x, y)) * 16 + Math.min(o, p)) * 16 + Math.max(o, p);
      let v = memo.get(key);
      if (v === undefined) {
        const out = [x, y, o, p];
        v = played.decide({ values: [x, y], fromSplit: false, splitAces: false, doubles: 0, actions: 0, lineage: 1 }, out) / played.mass(out);
        memo.set(key, v);
      }
      return v;
    };
    const shoe = a.shoe([]);
    const size = shoe.reduce((s, n) => s + n, 0);
    let evUp = 0;
    const counts = shoe.slice();
    // Ordered four-card deals: a1, b1, a2, b2.
    const pick = (i: number, left: number): number => {
      const n = counts[i] as number;
      return n / left;
    };
    for (let a1 = 1; a1 <= VALUE_SLOTS; a1++) {
      const p1 = pick(a1 - 1, size); if (p1 === 0) continue; counts[a1 - 1]!--;
      for (let b1 = 1; b1 <= VALUE_SLOTS; b1++) {
        const p2 = pick(b1 - 1, size - 1); if (p2 === 0) continue; counts[b1 - 1]!--;
        for (let a2 = 1; a2 <= VALUE_SLOTS; a2++) {
          const p3 = pick(a2 - 1, size - 2); if (p3 === 0) continue; counts[a2 - 1]!--;
          for (let b2 = 1; b2 <= VALUE_SLOTS; b2++) {
            const p4 = pick(b2 - 1, size - 3); if (p4 === 0) continue;
            const w = p1 * p2 * p3 * p4;
            const left = size - 4;
            counts[b2 - 1]!--;
            const pBJexact = up === 1 ? (counts[9] as number) / left : up === 10 ? (counts[0] as number) / left : 0;
            counts[b2 - 1]!++;
            const naturals = (bjValue(a1, a2) ? 1 : 0) + (bjValue(b1, b2) ? 1 : 0);
            natural += pUp * w * naturals / 2;
            dealerBJ += pUp * w * pBJexact;
            if (up === 1 && rules.insurance.offered) {
              insSum += pUp * w * (pBJexact * (ratioValue(rules.insurance.pays) + 1) - 1);
              insWeight += pUp * w;
            }
            const kept = value(a1, a2, true) + value(b1, b2, true);
            const switched = value(a1, b2, false) + value(b1, a2, false);
            // The simulator's rule (strategy-player.ts shouldSwitch): switch only when worth more by the chart.
            const play = switched > kept + 1e-12
              ? exactValue(a1, b2, false, b1, a2) + exactValue(b1, a2, false, a1, b2)
              : exactValue(a1, a2, true, b1, b2) + exactValue(b1, b2, true, a1, a2);
            const v = a.rule.peeked ? pBJexact * -(2 - naturals) + (1 - pBJexact) * play : play;
            evUp += w * v;
          }
          counts[a2 - 1]!++;
        }
        counts[b1 - 1]!++;
      }
      counts[a1 - 1]!++;
    }
    byUpCard[String(up)] = evUp / 2;
    ev += pUp * evUp / 2;
    releaseDealerCache(deck, up);
    hands.forget();
  }
  return { expectedReturn: ev, playerNatural: natural, dealerBlackjack: dealerBJ, insuranceReturn: insWeight > 0 ? insSum / insWeight : null, byUpCard };
}

export interface GameAnalysis {
  readonly strategy: Strategy;
  readonly main: MainReturn;
}

/** The chart and the exact return of the main game under it (one deck model, so dealer tables are shared). */
export function analyseGame(rules: RuleSet): GameAnalysis {
  const deck = deckModel(rules);
  const strategy = computeStrategy(rules, deck);
  return { strategy, main: exactMainReturn(rules, strategy, deck) };
}
