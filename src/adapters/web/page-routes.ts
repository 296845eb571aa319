// The pages: the public table (/), the studio overlay (/overlay), the dealer's view (/dealer?token=), the supervisor's console
// (/supervisor?token=), the players' page for manual play (/play?token=<game-server token>), their scripts and styles (/assets/<file>)
// and the tab icon (/favicon.svg, /favicon.ico) — the html, css and svg files of ./pages and one script bundle per page
// (./page-bundles.ts), served from a fixed list made at start (no path from a request reaches the file system).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageScripts, PAGE_SOURCES_DIR, type PageScripts } from './page-bundles.js';

export const PAGES_DIR = PAGE_SOURCES_DIR;

/** The files of ./pages served as they are (the scripts are bundled: ./page-bundles.ts). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

const PAGES: Readonly<Record<string, string>> = {
  '/': 'public.html',
  '/dealer': 'dealer.html',
  '/supervisor': 'supervisor.html',
  '/play': 'play.html',
  '/overlay': 'overlay.html',
};

/** The languages the pages have words for (pages/messages-*.ts). */
export const PAGE_LANGUAGES = ['en', 'ru'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

function isPageLanguage(value: unknown): value is PageLanguage {
  return typeof value === 'string' && (PAGE_LANGUAGES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header the pages have, by its q-value; null when none. */
export function acceptedLanguage(header: string | undefined): PageLanguage | null {
  if (!header) return null;
  const ranked = header.split(',').map((part, order) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, order };
  }).filter((r) => r.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((r) => r.lang).find(isPageLanguage) ?? null;
}

/** `?lang=`, else the table file's `language`, else the browser's Accept-Language, else English. */
export function pageLanguage(request: FastifyRequest, tableDefault?: PageLanguage): PageLanguage {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isPageLanguage(asked)) return asked;
  return tableDefault ?? acceptedLanguage(request.headers['accept-language']) ?? 'en';
}

export interface PageOptions {
  /** The table file's `language`. */
  readonly language?: PageLanguage | undefined;
}

const FAVICON = 'favicon.svg';

/** The pages load only their own scripts and styles and talk only to their own server. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ASSET_HEADERS: Readonly<Record<string, string>> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

export interface PageFile {
  readonly bytes: Buffer;
  readonly type: string;
}

/** The pages' files by name, made once at start (no path from a request reaches the file system). */
export type PageFiles = ReadonlyMap<string, PageFile>;

/** The html, css and svg files of `dir` and the pages' script bundles. */
export function readPageFiles(dir = PAGES_DIR, scripts: PageScripts = pageScripts()): PageFiles {
  const files = new Map<string, PageFile>();
  for (const name of readdirSync(dir)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) files.set(name, { bytes: readFileSync(join(dir, name)), type });
  }
  for (const [name, bytes] of scripts) files.set(name, { bytes, type: SCRIPT_TYPE });
  return files;
}

/** The headers every page is sent with (the busy page's too). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = { ...ASSET_HEADERS, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-frame-options': 'DENY' };

/** Whether a route (as Fastify names it) is one of the pages, not an asset or an API. */
export function isPageRoute(route: string | undefined): boolean {
  return route !== undefined && Object.hasOwn(PAGES, route);
}

/** The pages and their assets: what a display gateway serves. */
export function registerPageRoutes(app: FastifyInstance, dir = PAGES_DIR, options: PageOptions = {}): void {
  const files = readPageFiles(dir);
  registerPages(app, files, options);
  registerPageAssets(app, files);
}

/** The pages, each in every language. */
export function registerPages(app: FastifyInstance, files: PageFiles, options: PageOptions = {}): void {
  for (const [route, name] of Object.entries(PAGES)) {
    const file = files.get(name);
    if (!file) continue;
    // The page in each language: its <html lang> says which words the scripts draw (pages/i18n.ts).
    const text = file.bytes.toString('utf8');
    const byLanguage = new Map(PAGE_LANGUAGES.map((lang) => [lang, Buffer.from(text.replace('<html lang="en">', `<html lang="${lang}">`))]));
    app.get(route, (request, reply) => reply.headers({ ...PAGE_HEADERS, vary: 'Accept-Language' }).type(file.type).send(byLanguage.get(pageLanguage(request, options.language))));
  }
}

/**
 * The pages' scripts, styles and tab icon: static bytes, outside the rate limit per address. Counted, the
 * few a page loads would let only a handful of displays behind one address (a studio's NAT, a proxy) load
 * at once; served from memory they cost no more than refusing them would.
 */
export function registerPageAssets(app: FastifyInstance, files: PageFiles): void {
  const unlimited = { config: { rateLimit: false } };
  for (const [name, file] of files) {
    if (!name.endsWith('.html')) app.get(`/assets/${name}`, unlimited, (_request, reply) => reply.headers(ASSET_HEADERS).type(file.type).send(file.bytes));
  }
  // The tab icon: the pages link /favicon.svg; /favicon.ico (which browsers ask for by themselves) gets the same image.
  const icon = files.get(FAVICON);
  if (icon) for (const route of ['/favicon.svg', '/favicon.ico']) app.get(route, unlimited, (_request, reply) => reply.headers(ASSET_HEADERS).type(icon.type).send(icon.bytes));
}
