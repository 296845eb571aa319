// The par sheet's words in English (the catalogue's shape: par-sheet-words-type.ts).
import type { ParSheetWords } from './par-sheet-words-type.js';
import { sheetNumbers } from './sheet-numbers.js';

const n = sheetNumbers('en');

export const en: ParSheetWords = {
  betNames: { main: 'main bet', insurance: 'insurance', pairs: 'Pairs', superMatch: 'Super Match', behind: 'bet behind' },
  tablePaysMain: (x, path) => `this table pays the player ${n.signed(x)} on the main game (return to player ${n.pct(1 + x)}): at these rules the player, not the house, has the edge; check the rule file ${path}`,
  tablePaysSideBet: (bet, x, path) => `this table pays the player ${n.signed(x)} on the ${bet} side bet (return to player ${n.pct(1 + x)}, over 100 %): at these rules the player, not the house, has the edge on it; check the rule file ${path}`,
};
