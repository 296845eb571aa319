// Snapshots of the table state written by earlier versions, brought to today's shape on restore.
// Version 1 (before the fixed count table) kept the shoe's drawn cards as { "QH": 2, ... }; version 2 keeps a fixed
// table of 52 counts and their sum (ShoeState.drawn, drawnCount). A snapshot's shape says which it is.
import { cardIndex, emptyCounts } from '../rules/card-counts.js';
import { parseCard } from '../rules/cards.js';
import type { ShoeState, TableState } from './table-state.js';

export function upgradeTableSnapshot(table: TableState): TableState {
  const shoe = table.shoe as (Omit<ShoeState, 'drawn' | 'drawnCount'> & { drawn: unknown; drawnCount?: number }) | null;
  if (!shoe || Array.isArray(shoe.drawn)) return table;
  const drawn = emptyCounts();
  let drawnCount = 0;
  for (const [text, n] of Object.entries((shoe.drawn ?? {}) as Record<string, number>)) {
    const parsed = parseCard(text);
    if (!parsed.ok || !Number.isInteger(n) || n < 0) throw new Error(`snapshot: shoe.drawn holds ${JSON.stringify(text)}: ${JSON.stringify(n)}`);
    drawn[cardIndex(parsed.card)] = n;
    drawnCount += n;
  }
  return { ...table, shoe: { ...shoe, drawn, drawnCount } as ShoeState };
}
