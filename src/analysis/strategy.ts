// The rule set's basic strategy, computed: for every hard total, soft total and pair against
// every dealer up card, the legal actions in order of expected value. A cell is chosen from the two-card
// hands that make it (weighted by their probability off the top of a full shoe, up card removed), each
// valued with composition-dependent best play afterwards; a total that only three or more cards make is
// chosen from those hands. The chart is total-dependent: later cards follow the same rows, taking the
// first action still legal (double → hit, surrender → hit...). classic's triple has rows of its own;
// insurance and even money are taken only when their expected value says so; switch keeps a table of
// each two-card hand's value (under this chart) to compare the two arrangements.
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { compositions } from './compositions.js';
import { deckModel, valueLabel, type DeckModel } from './deck-model.js';
import { HandRules, totalsOf, type Action, type HandShape } from './hand-rules.js';
import { ratioValue } from './payoff.js';
import { releaseDealerCache } from './analysis-caches.js';
import { UpCardAnalysis, type Policy } from './hand-values.js';

/** Per row, per up card (value as a string, A = "1"): actions, best first. */
export type ChartRows = Record<string, Record<string, Action[]>>;
/** Per row, per up card: the expected value (per unit, given no dealer blackjack under a peek) of each action. */
export type ChartValues = Record<string, Record<string, Partial<Record<Action, number>>>>;

export interface Strategy {
  readonly ruleSet: string;
  readonly upCards: number[];
  readonly hard: ChartRows;
  readonly soft: ChartRows;
  /** Keyed "a-b" by the two values, ascending (17+4 may pair two different pictures). */
  readonly pairs: ChartRows;
  /** classic triple: after a double, per total, per up card: true = add the third stake. */
  readonly triple: { hard: Record<string, Record<string, boolean>>; soft: Record<string, Record<string, boolean>> };
  readonly insurance: Record<string, boolean>;
  readonly evenMoney: Record<string, boolean>;
  /** switch: per up card, per two-card hand "a-b" (first-second as dealt, sorted) or "bj", its expected value. */
  readonly switchValues?: Record<string, Record<string, number>>;
  readonly values: { hard: ChartValues; soft: ChartValues; pairs: ChartValues };
}

export const pairKey = (a: number, b: number): string => (a <= b ? `${a}-${b}` : `${b}-${a}`);

/** The chart as a policy: the first legal action of the hand's row (triple rows after a double). */
export function strategyPolicy(strategy: Strategy): Policy {
  return (shape: HandShape, upValue: number, legal: (a: Action) => boolean): Action => {
    const up = String(upValue);
    const { total, soft } = totalsOf(shape.values);
    if (shape.doubles > 0) {
      const triple = (soft ? strategy.triple.soft : strategy.triple.hard)[String(total)]?.[up] === true;
      return triple && legal('double') ? 'double' : 'stand';
    }
    const [a, b] = shape.values;
    const pairRow = shape.values.length === 2 && a !== undefined && b !== undefined ? strategy.pairs[pairKey(a, b)] : undefined;
    const order = (pairRow ?? (soft ? strategy.soft : strategy.hard)[String(total)])?.[up] ?? (total < 17 ? ['hit', 'stand'] : ['stand']);
    return order.find(legal) ?? 'stand';
  };
}

interface Accumulator {
  weight: Map<Action, number>;
  sum: Map<Action, number>;
}

function add(acc: Map<string, Accumulator>, row: string, evs: Map<Action, number>, w: number): void {
  let a = acc.get(row);
  if (!a) acc.set(row, (a = { weight: new Map(), sum: new Map() }));
  for (const [action, u] of evs) {
    a.weight.set(action, (a.weight.get(action) ?? 0) + w);
    a.sum.set(action, (a.sum.get(action) ?? 0) + w * u);
  }
}

function settle(acc: Map<string, Accumulator>, up: number, rows: ChartRows, values: ChartValues): void {
  for (const [row, a] of acc) {
    const ev: Partial<Record<Action, number>> = {};
    for (const [action, w] of a.weight) if (w > 0) ev[action] = (a.sum.get(action) ?? 0) / w;
    const order = (Object.keys(ev) as Action[]).sort((x, y) => (ev[y] as number) - (ev[x] as number));
    (rows[row] ??= {})[String(up)] = order;
    (values[row] ??= {})[String(up)] = ev;
  }
}

const initialShape = (values: number[]): HandShape => ({ values, fromSplit: false, splitAces: false, doubles: 0, actions: 0, lineage: 1 });

/** The average blackjack payout (suited blackjack pays more: by the suits' symmetry 1 in |suits| is suited). */
export function blackjackPayout(rules: RuleSet): number {
  const plain = ratioValue(rules.blackjack.pays);
  const suited = rules.blackjack.suitedPays;
  if (suited === undefined) return plain;
  const share = 1 / rules.deck.suits.length;
  return share * ratioValue(suited) + (1 - share) * plain;
}

export function computeStrategy(rules: RuleSet, deck: DeckModel = deckModel(rules)): Strategy {
  const hands = new HandRules(deck);
  const hard: ChartRows = {}, soft: ChartRows = {}, pairs: ChartRows = {};
  const values = { hard: {} as ChartValues, soft: {} as ChartValues, pairs: {} as ChartValues };
  const triple = { hard: {} as Record<string, Record<string, boolean>>, soft: {} as Record<string, Record<string, boolean>> };
  const insurance: Record<string, boolean> = {};
  const evenMoney: Record<string, boolean> = {};
  const bjPay = blackjackPayout(rules);
  for (const up of deck.values) {
    const analysis = new UpCardAnalysis(deck, up, hands);
    const shoe = analysis.shoe([]);
    const hardAcc = new Map<string, Accumulator>(), softAcc = new Map<string, Accumulator>(), pairAcc = new Map<string, Accumulator>();
    const fallbackHard = new Map<string, Accumulator>(), fallbackSoft = new Map<string, Accumulator>();
    let insuranceSum = 0, insuranceWeight = 0;
    for (const { values: vs, probability: w } of compositions(shoe, 2)) {
      const cards = vs.slice();
      const natural = hands.natural(cards, false);
      const pBJ = analysis.blackjackChance(cards);
      if (up === 1 && rules.insurance.offered && (natural === null || rules.insurance.withBlackjack)) {
        insuranceSum += w * (pBJ * (ratioValue(rules.insurance.pays) + 1) - 1);
        insuranceWeight += w;
      }
      if (natural === 'blackjack') {
        const upClass = up === 1 ? 'ace' : up === 10 ? 'ten' : null;
        if (upClass && rules.blackjack.evenMoneyAgainst.includes(upClass)) evenMoney[String(up)] = 1 > (1 - pBJ) * bjPay;
        continue;
      }
      if (natural !== null) continue;
      const shape = initialShape(cards);
      const evs = analysis.actionValues(shape, cards);
      const mass = analysis.mass(cards);
      for (const [a, u] of evs) evs.set(a, u / mass);
      const { total, soft: isSoft } = totalsOf(cards);
      if (hands.pair(cards)) {
        add(pairAcc, pairKey(cards[0] as number, cards[1] as number), evs, w);
        evs.delete('split');
        add(isSoft ? fallbackSoft : fallbackHard, String(total), evs, w);
      } else add(isSoft ? softAcc : hardAcc, String(total), evs, w);
    }
    for (const [row, a] of fallbackHard) if (!hardAcc.has(row)) hardAcc.set(row, a);
    for (const [row, a] of fallbackSoft) if (!softAcc.has(row)) softAcc.set(row, a);
    // Totals only three or more cards make (17+4: soft 16, soft 17): chosen from the fewest cards making them.
    for (let size = 3; size <= 5; size++) {
      const known = new Set([...hardAcc.keys()].map((r) => `h${r}`).concat([...softAcc.keys()].map((r) => `s${r}`)));
      for (const { values: vs, probability: w } of compositions(shoe, size)) {
        const { total, soft: isSoft } = totalsOf(vs);
        if (total >= 21 || known.has(`${isSoft ? 's' : 'h'}${total}`) || hands.natural(vs.slice(0, 2), false) !== null) continue;
        const shape: HandShape = { ...initialShape(vs.slice()), actions: 1 };
        if (hands.afterCard(shape, 'hit') !== 'open') continue;
        const evs = analysis.actionValues(shape, vs.slice());
        const mass = analysis.mass(vs.slice());
        for (const [a, u] of evs) evs.set(a, u / mass);
        add(isSoft ? softAcc : hardAcc, String(total), evs, w);
      }
    }
    settle(hardAcc, up, hard, values.hard);
    settle(softAcc, up, soft, values.soft);
    settle(pairAcc, up, pairs, values.pairs);
    if (rules.double.triple) tripleRows(analysis, hands, shoe, up, triple);
    if (up === 1 && insuranceWeight > 0) insurance['1'] = insuranceSum / insuranceWeight > 0;
    releaseDealerCache(deck, up);
    hands.forget();
  }
  const strategy: Strategy = { ruleSet: rules.name, upCards: [...deck.values], hard, soft, pairs, triple, insurance, evenMoney, values };
  if (rules.switch.allowed) return { ...strategy, switchValues: switchValues(deck, hands, strategy) };
  return strategy;
}

/** classic triple: after a double (three cards), add another original stake for one more card, or stand. */
function tripleRows(analysis: UpCardAnalysis, hands: HandRules, shoe: number[], up: number, triple: Strategy['triple']): void {
  const acc = new Map<string, { w: number; gain: number; soft: boolean; total: number }>();
  for (const { values: vs, probability: w } of compositions(shoe, 3)) {
    const { total, soft } = totalsOf(vs);
    const shape: HandShape = { values: vs.slice(), fromSplit: false, splitAces: false, doubles: 1, actions: 1, lineage: 1 };
    if (total >= 21 || !hands.legal('double', shape, up)) continue;
    const gain = analysis.valueOf('double', shape, vs.slice()) - analysis.valueOf('stand', shape, vs.slice());
    const key = `${soft ? 's' : 'h'}${total}`;
    const a = acc.get(key) ?? { w: 0, gain: 0, soft, total };
    a.w += w;
    a.gain += w * gain;
    acc.set(key, a);
  }
  for (const a of acc.values()) ((a.soft ? triple.soft : triple.hard)[String(a.total)] ??= {})[String(up)] = a.gain > 0;
}

/** switch: each two-card hand's expected value under the chart (given no dealer blackjack), per up card. */
function switchValues(deck: DeckModel, hands: HandRules, strategy: Strategy): Record<string, Record<string, number>> {
  const policy = strategyPolicy(strategy);
  const out: Record<string, Record<string, number>> = {};
  const bj = ratioValue(deck.rules.blackjack.pays);
  for (const up of deck.values) {
    const analysis = new UpCardAnalysis(deck, up, hands, policy);
    const row: Record<string, number> = { bj };
    for (const a of deck.values) {
      for (const b of deck.values) {
        if (b < a) continue;
        const cards = [a, b];
        if (analysis.shoe(cards).some((n) => n < 0)) continue;
        row[pairKey(a, b)] = analysis.decide(initialShape(cards), cards) / analysis.mass(cards);
      }
    }
    out[String(up)] = row;
    releaseDealerCache(deck, up);
    hands.forget();
  }
  return out;
}

export { valueLabel };
