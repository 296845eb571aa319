// Numbers as a par sheet's reader writes them, per language (Intl): "−0.435 %" and "1,000,000" in
// English, "−0,435 %" and "1 000 000" in Russian. A negative number takes the typographic minus in both.
export type SheetLang = 'en' | 'ru';

export const SHEET_LANGS: readonly SheetLang[] = ['en', 'ru'];

const LOCALE: Record<SheetLang, string> = { en: 'en-US', ru: 'ru-RU' };

export interface SheetNumbers {
  /** A whole number with the locale's grouping. */
  int(n: number): string;
  /** A fixed number of decimals; negative with "−". */
  fixed(x: number, digits: number): string;
  /** As few decimals as it takes, two at most (1, 1.5, 0.25); negative with "−". */
  plain(x: number): string;
  /** A share as a percentage: 0.00435 → "0.435 %" (digits after the point). */
  pct(x: number, digits?: number): string;
  /** The same with "+" before a positive value (a return, signed as the sign convention says). */
  signed(x: number, digits?: number): string;
}

const cache = new Map<string, Intl.NumberFormat>();
function format(lang: SheetLang, digits: number): Intl.NumberFormat {
  const key = `${lang}:${digits}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return f;
}

export function sheetNumbers(lang: SheetLang): SheetNumbers {
  const fixed = (x: number, digits: number) => `${x < 0 ? '−' : ''}${format(lang, digits).format(Math.abs(x))}`;
  const pct = (x: number, digits = 3) => `${fixed(x * 100, digits)} %`;
  const plainFormat = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 });
  return {
    int: (n) => format(lang, 0).format(n),
    fixed,
    plain: (x) => `${x < 0 ? '−' : ''}${plainFormat.format(Math.abs(x))}`,
    pct,
    signed: (x, digits = 3) => `${x > 0 ? '+' : ''}${pct(x, digits)}`,
  };
}
