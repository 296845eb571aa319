// What every display shows about the table itself: its name, the game and the limits.
import type { RuleSet } from '../../rules/rule-set.js';

export interface TableMeta {
  readonly tableId: string;
  readonly game: string;
  readonly seats: number;
  /** Main bet limits, minor units. */
  readonly limits: { readonly min: number; readonly max: number };
  /** The table file's `currency` (ISO 4217): the pages put every amount in it. */
  readonly currency?: string;
}

export function tableMeta(tableId: string, rules: RuleSet, currency?: string): TableMeta {
  return { tableId, game: rules.title, seats: rules.seats, limits: { min: rules.limits.min, max: rules.limits.max }, ...(currency ? { currency } : {}) };
}
