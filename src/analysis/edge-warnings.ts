// A game that pays the player: the main game's exact return above zero (the player's edge), or a side bet
// returning more than it takes (return to player over 100 %). The par sheet puts these on top, `par-sheet
// --all` beside each rule set, and a table opening such a rule set logs them. Signs as everywhere in the
// par sheet: return = the player's expected net / initial stake; negative = the house edge.
// Pure: no I/O, no clock, no randomness.

export interface EdgeFigures {
  readonly rules: string;
  /** Exact expected net of the main game per initial unit. */
  readonly main: number;
  readonly sideBets: ReadonlyArray<{ readonly bet: string; readonly expectedReturn: number }>;
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;

/** One sentence per way the game pays the player; empty when the house keeps an edge everywhere. */
export function edgeWarnings(f: EdgeFigures): string[] {
  const out: string[] = [];
  if (f.main > 0) {
    out.push(`${f.rules}: the main game returns +${pct(f.main)} to the player (return to player ${pct(1 + f.main)}): the house has no edge, the player has one of ${pct(f.main)}.`);
  }
  for (const s of f.sideBets) {
    if (s.expectedReturn > 0) out.push(`${f.rules}: the ${s.bet} side bet returns ${pct(1 + s.expectedReturn)} to the player (over 100 %): the player has an edge of ${pct(s.expectedReturn)} on it.`);
  }
  return out;
}
