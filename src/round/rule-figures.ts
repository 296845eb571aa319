// Figures the round machine reads from a rule set on every input (the shoe's size, where the cut card is
// overdue), computed once per rule set: the rule set is immutable, so its figures never change. The rules'
// own functions (src/rules/shoe-composition.ts) stay the definition; this only keeps their answers.
import { cutCardReserve, shoeSize } from '../rules/shoe-composition.js';
import type { RuleSet } from '../rules/rule-set.js';

export interface RuleFigures {
  /** Cards in a full shoe (shoeSize). */
  readonly shoeSize: number;
  /** Cards drawn at which a cut card not yet seen is missing: the shoe's size less cutCardReserve. */
  readonly cutCardOverdueAt: number;
}

const figuresByRules = new WeakMap<RuleSet, RuleFigures>();

/** The last rule set asked about and its figures (one rule set per table or worker; asked on every input). */
let lastRules: RuleSet | null = null;
let lastFigures: RuleFigures | null = null;

export function ruleFigures(rules: RuleSet): RuleFigures {
  if (rules === lastRules && lastFigures !== null) return lastFigures;
  let figures = figuresByRules.get(rules);
  if (figures === undefined) {
    const size = shoeSize(rules);
    figures = Object.freeze({ shoeSize: size, cutCardOverdueAt: size - cutCardReserve(rules) });
    figuresByRules.set(rules, figures);
  }
  lastRules = rules;
  lastFigures = figures;
  return figures;
}
