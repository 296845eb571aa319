// A game that pays the player: the main game's exact return above zero (the player's edge), or a side bet
// returning more than it takes (return to player over 100 %). The par sheet puts these on top, `par-sheet
// --all` beside each rule set, and a table opening such a rule set logs them — each in its own words (the
// par sheet's catalogue). Signs as everywhere in the par sheet: return = the player's expected net / initial
// stake; negative = the house edge. Pure: no I/O, no clock, no randomness.

export interface EdgeFigures {
  /** Exact expected net of the main game per initial unit. */
  readonly main: number;
  readonly sideBets: ReadonlyArray<{ readonly bet: string; readonly expectedReturn: number }>;
}

/** One way the game pays the player: the bet ('main' or a side bet's name) and its return. */
export interface EdgeFinding {
  readonly bet: string;
  readonly expectedReturn: number;
}

/** Every way the game pays the player; empty when the house keeps an edge everywhere. */
export function edgeFindings(f: EdgeFigures): EdgeFinding[] {
  const out: EdgeFinding[] = [];
  if (f.main > 0) out.push({ bet: 'main', expectedReturn: f.main });
  for (const s of f.sideBets) if (s.expectedReturn > 0) out.push({ bet: s.bet, expectedReturn: s.expectedReturn });
  return out;
}
