// The pit console's page (docs/operations.md, "The pit console"): the board's rows as one HTML table in
// the catalogue's words (src/messages/catalogue-*-pit.ts), made on the server at each request. Its script
// (pages/pit.ts) takes the board as the server pushes it (pit-board-stream.ts) and puts it in place.
import type { PitAlarm, PitRow, PitShiftLine } from '../../ports/pit-view.js';
import { cardText } from '../../messages/card-text.js';
import type { Language } from '../../messages/catalogue.js';
import { escapeXml } from '../../messages/escape-xml.js';
import { formatMessage, formatMoney, formatOr } from '../../messages/format-message.js';

export interface PitPageInput {
  readonly lang: Language;
  readonly rows: readonly PitRow[];
  readonly total: PitShiftLine;
  readonly shift: { readonly from: string; readonly to: string };
  readonly currency: string;
  /** When the board was looked at (ISO). */
  readonly at: string;
}

const COLUMNS = ['table', 'state', 'alarms', 'round', 'handsPerHour', 'atRisk', 'houseWin', 'dealer'] as const;

function alarmWords(lang: Language, alarm: PitAlarm): string {
  const card = alarm.card === undefined ? 'none' : cardText(alarm.card);
  if (['outOfTurn', 'foreignCard', 'linkDown', 'stale'].includes(alarm.kind)) return formatMessage(lang, `pit.alarm.${alarm.kind}`, { card });
  return formatMessage(lang, 'pit.alarm.other', { fault: formatOr(lang, `fault.${alarm.kind}`, formatMessage(lang, 'fault.other')) });
}

/** House win in words: a loss is said, not only signed. */
function houseWin(lang: Language, minor: number): string {
  return minor < 0 ? formatMessage(lang, 'pit.loss', { amount: formatMoney(lang, minor) }) : formatMoney(lang, minor);
}

function row(lang: Language, r: PitRow): string {
  const needsPerson = r.state === 'fault' || r.state === 'stale' || r.state === 'linkDown' || r.state === 'paused';
  const alarms = r.alarms.length === 0 ? escapeXml(formatMessage(lang, 'pit.noAlarms')) : `<ul>${r.alarms.map((a) => `<li>${escapeXml(alarmWords(lang, a))}</li>`).join('')}</ul>`;
  const cells = [
    `<th scope="row">${escapeXml(r.tableId)}</th>`,
    `<td><span class="pit-state pit-${r.state}">${escapeXml(formatMessage(lang, `pit.state.${r.state}`))}</span></td>`,
    `<td>${alarms}</td>`,
    `<td class="num">${r.round}</td>`,
    `<td class="num">${r.handsLastHour}</td>`,
    `<td class="num">${formatMoney(lang, r.atRisk)}</td>`,
    `<td class="num">${escapeXml(houseWin(lang, r.shift.houseWin))}</td>`,
    `<td>${escapeXml(r.dealer)}</td>`,
  ];
  return `<tr data-table="${escapeXml(r.tableId)}" data-state="${r.state}"${needsPerson ? ' class="pit-attention"' : ''}>${cells.join('')}</tr>`;
}

/** The board: the part of the page the script replaces. */
export function pitBoardHtml(p: PitPageInput): string {
  const t = (key: string, values = {}) => escapeXml(formatMessage(p.lang, key, values));
  if (p.rows.length === 0) return `<div id="pit-board"><p>${t('pit.noTables')}</p><p class="pit-updated">${t('pit.updated', { at: p.at })}</p></div>`;
  const head = COLUMNS.map((c) => `<th scope="col">${t(`pit.col.${c}`)}</th>`).join('');
  const foot = `<tr><th scope="row" colspan="6">${t('pit.floor')}</th><td class="num">${escapeXml(houseWin(p.lang, p.total.houseWin))}</td><td></td></tr>`;
  return `<div id="pit-board"><table><caption>${t('pit.caption', { from: p.shift.from, to: p.shift.to, currency: p.currency })}</caption>`
    + `<thead><tr>${head}</tr></thead><tbody>${p.rows.map((r) => row(p.lang, r)).join('')}</tbody><tfoot>${foot}</tfoot></table>`
    + `<p class="pit-updated">${t('pit.updated', { at: p.at })}</p></div>`;
}

/** The whole page. */
export function pitPageHtml(p: PitPageInput): string {
  const title = escapeXml(formatMessage(p.lang, 'pit.title'));
  return `<!doctype html>\n<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title><link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/assets/style.css"><link rel="stylesheet" href="/assets/pit.css">`
    + `<script type="module" src="/assets/pit.js"></script></head>`
    + `<body><main><h1>${title}</h1>${pitBoardHtml(p)}</main></body></html>`;
}

/** The page a request without a supervisor's token gets. */
export function pitRefusedHtml(lang: Language): string {
  const title = escapeXml(formatMessage(lang, 'pit.title'));
  return `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/assets/style.css"></head>`
    + `<body><main><h1>${title}</h1><p>${escapeXml(formatMessage(lang, 'pit.refused'))}</p></main></body></html>`;
}
