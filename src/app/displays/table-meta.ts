// What every display shows about the table itself: its name, the game and the limits.
import type { RuleSet } from '../../rules/rule-set.js';

export interface TableMeta {
  readonly tableId: string;
  readonly game: string;
  readonly seats: number;
  /** Main bet limits, minor units. */
  readonly limits: { readonly min: number; readonly max: number };
}

export function tableMeta(tableId: string, rules: RuleSet): TableMeta {
  return { tableId, game: rules.title, seats: rules.seats, limits: { min: rules.limits.min, max: rules.limits.max } };
}
