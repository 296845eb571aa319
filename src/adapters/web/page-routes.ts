// The pages: the public table (/), the dealer's view (/dealer?token=), the supervisor's console
// (/supervisor?token=), the players' page for manual play (/play?token=<game-server token>), their scripts and styles (/assets/<file>)
// and the tab icon (/favicon.svg, /favicon.ico) — plain files from ./pages,
// served from a fixed list read at start (no path from a request reaches the file system).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const PAGES: Readonly<Record<string, string>> = {
  '/': 'public.html',
  '/dealer': 'dealer.html',
  '/supervisor': 'supervisor.html',
  '/play': 'play.html',
};

const FAVICON = 'favicon.svg';

/** The pages load only their own scripts and styles and talk only to their own server. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

interface PageFile {
  readonly bytes: Buffer;
  readonly type: string;
}

function readPages(dir: string): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  for (const name of readdirSync(dir)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) files.set(name, { bytes: readFileSync(join(dir, name)), type });
  }
  return files;
}

export function registerPageRoutes(app: FastifyInstance, dir = PAGES_DIR): void {
  const files = readPages(dir);
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
  const pageHeaders = { ...headers, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-frame-options': 'DENY' };
  for (const [route, name] of Object.entries(PAGES)) {
    const file = files.get(name);
    if (file) app.get(route, (_request, reply) => reply.headers(pageHeaders).type(file.type).send(file.bytes));
  }
  for (const [name, file] of files) {
    if (!name.endsWith('.html')) app.get(`/assets/${name}`, (_request, reply) => reply.headers(headers).type(file.type).send(file.bytes));
  }
  // The tab icon: the pages link /favicon.svg; /favicon.ico (which browsers ask for by themselves) gets the same image.
  const icon = files.get(FAVICON);
  if (icon) for (const route of ['/favicon.svg', '/favicon.ico']) app.get(route, (_request, reply) => reply.headers(headers).type(icon.type).send(icon.bytes));
}
