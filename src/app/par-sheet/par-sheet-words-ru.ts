// Слова листа доходности по-русски (форма каталога: par-sheet-words-type.ts); названия правил — словами
// исходных документов (/seeds).
import type { ParSheetWords } from './par-sheet-words-type.js';
import { sheetNumbers } from './sheet-numbers.js';

const n = sheetNumbers('ru');

export const ru: ParSheetWords = {
  betNames: { main: 'основная ставка', insurance: 'страховка', pairs: 'Пары', superMatch: 'Суперматч', behind: 'ставка за сидячим игроком' },
  tablePaysMain: (x, path) => `этот стол платит игроку ${n.signed(x)} в основной игре (RTP ${n.pct(1 + x)}): при этих правилах преимущество у игрока, а не у казино; проверьте файл правил ${path}`,
  tablePaysSideBet: (bet, x, path) => `этот стол платит игроку ${n.signed(x)} на побочной ставке «${bet}» (RTP ${n.pct(1 + x)}, больше 100 %): при этих правилах преимущество на ней у игрока, а не у казино; проверьте файл правил ${path}`,
};
