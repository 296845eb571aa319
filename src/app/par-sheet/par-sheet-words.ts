// The par sheet's words, one catalogue per language (par-sheet-words-en.ts, par-sheet-words-ru.ts): every
// label, heading and sentence a sheet shows is taken from here, numbers formatted per locale
// (sheet-numbers.ts). The Russian rule names follow the seed documents' own words (/seeds: «Ещё», «Хватит»,
// «Удвоить», «Разделить», «Сдаться», «Страховка», «Равные деньги», «Трипл», «Свитч», «Суперматч», «Пары»).
import type { SheetLang } from './sheet-numbers.js';
import { en } from './par-sheet-words-en.js';
import { ru } from './par-sheet-words-ru.js';
import type { ParSheetWords } from './par-sheet-words-type.js';

export type { ParSheetWords } from './par-sheet-words-type.js';

const CATALOGUES: Record<SheetLang, ParSheetWords> = { en, ru };

export function parSheetWords(lang: SheetLang): ParSheetWords {
  return CATALOGUES[lang];
}
