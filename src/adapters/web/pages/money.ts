// Money arrives in integer minor units; shown in major units per the page's locale (i18n.ts, Intl), in
// the table's currency (the table file's `currency`, on every view's meta) once a view has named it.
import type { TableMeta } from '../../../app/displays/table-meta.js';
import type { SettlementView } from '../../../app/displays/table-view.js';
import { formatMoneyIn as formatWithCurrency } from '../../../messages/format-message.js';
import { currentLanguage, formatMoneyIn, t } from './i18n.js';

let currency: string | null = null;

/** The table's currency from a view's meta (a view from an older server has none: amounts stay bare). */
export function useCurrencyOf(meta: Pick<TableMeta, 'currency'> | null | undefined): void {
  currency = typeof meta?.currency === 'string' ? meta.currency : null;
}

export function money(minor: number): string {
  return currency !== null ? formatWithCurrency(currentLanguage(), minor, currency) : formatMoneyIn(currentLanguage(), minor);
}

/** An amount to put in an input field: no currency, no grouping, the locale's decimal mark (parseMoney reads both). */
export function moneyInput(minor: number): string {
  return formatMoneyIn(currentLanguage(), minor).replace(/[\s\u00a0\u202f,](?=\d{3}\b)/g, '');
}

export function signedMoney(minor: number): string {
  if (minor === 0) return money(0);
  return `${minor > 0 ? '+' : '−'}${money(minor)}`;
}

/** "WIN +10.00", "PUSH", "REFUND 10.00". */
export function resultLabel(result: Pick<SettlementView, 'outcome' | 'stake' | 'net'>): string {
  const label = t(`outcome.${result.outcome}`) ?? String(result.outcome).toUpperCase();
  if (result.outcome === 'void') return `${label} ${money(result.stake)}`;
  if (result.outcome === 'push') return label;
  return `${label} ${signedMoney(result.net)}`;
}

/** "10", "10.5", "10,50", "1 000,00" (major units) → minor units; null when not an amount. */
export function parseMoney(text: unknown): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(String(text).replace(/[\u00a0\u202f ](?=\d{3}\b)/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
