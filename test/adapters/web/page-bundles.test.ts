// The pages' scripts as the browser gets them (src/adapters/web/page-bundles.ts): one self-contained
// bundle per page, served at the address its HTML names, under the same CSP; the loose modules are not
// served. A build's bundles are the same bytes the sources give. The paths the pages call are the ones
// the server registers (src/adapters/web/route-paths.ts), never written by hand in a page.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { PAGE_SCRIPTS, PAGE_SOURCES_DIR, pageScripts, writePageBundles } from '../../../src/adapters/web/page-bundles.js';
import { COMMAND_PATHS, READ_PATHS, viewPath, viewSocketPath } from '../../../src/adapters/web/route-paths.js';
import { config, openTable } from './support/table-fixture.js';

const opened: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

async function tableServer(): Promise<FastifyInstance> {
  const { service, store } = await openTable();
  opened.push(() => service.close());
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
  opened.push(() => app.close());
  await app.ready();
  return app;
}

// The pit console's page is served by `shoe pit` (test/adapters/web/pit-console.test.ts), not by a table.
const PAGE_ROUTES: Readonly<Record<Exclude<(typeof PAGE_SCRIPTS)[number], 'pit'>, string>> = { public: '/', overlay: '/overlay', dealer: '/dealer', supervisor: '/supervisor', play: '/play' };

/** An import or re-export of another module, static or dynamic: a bundle has none. */
const MODULE_LINK = /^\s*(?:import\s*[\w{*]|import\s*['"(]|export\s*(?:\*|\{[^}]*\})\s*from)/m;

describe('the pages\' scripts', () => {
  test('each page names one script, its own bundle, served self-contained under the pages\' CSP', async () => {
    const app = await tableServer();
    for (const [name, route] of Object.entries(PAGE_ROUTES)) {
      const page = await app.inject(route);
      expect(page.statusCode, route).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
      const scripts = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts, route).toEqual([`/assets/${name}.js`]);
      const script = await app.inject(`/assets/${name}.js`);
      expect(script.statusCode, name).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.body.length).toBeGreaterThan(1000);
      expect(MODULE_LINK.test(script.body), `${name}.js links another module`).toBe(false);
    }
  });

  test('the modules a bundle is made of are not served one by one, nor their sources', async () => {
    const app = await tableServer();
    for (const url of ['/assets/i18n.js', '/assets/dom.js', '/assets/reason-words.js', '/assets/dealer.ts', '/assets/i18n.ts']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
    expect((await app.inject('/assets/style.css')).statusCode).toBe(200);
  });

  test('a build\'s bundles are the sources\' bytes; a build without them is refused in words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-bundles-'));
    try {
      const built = join(dir, 'page-bundles');
      writePageBundles(PAGE_SOURCES_DIR, built);
      expect(readdirSync(built).sort()).toEqual(PAGE_SCRIPTS.map((name) => `${name}.js`).sort());
      const fromBuild = pageScripts(join(dir, 'no-sources'), built);
      const fromSources = pageScripts();
      for (const name of PAGE_SCRIPTS) expect(fromBuild.get(`${name}.js`)?.equals(fromSources.get(`${name}.js`) ?? Buffer.alloc(0)), name).toBe(true);
      expect(() => pageScripts(join(dir, 'no-sources'), join(dir, 'nothing-built'))).toThrow(/the pages' scripts are not built .*run npm run build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the paths the pages call', () => {
  test('no page writes an API or socket path by hand: they come from route-paths.ts', () => {
    const sources = readdirSync(PAGE_SOURCES_DIR).filter((name) => name.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(15);
    const handWritten = sources.flatMap((name) => [...readFileSync(join(PAGE_SOURCES_DIR, name), 'utf8').matchAll(/['"`]\/(?:api|ws)\/[^'"`]*['"`]?/g)].map((m) => `${name}: ${m[0]}`));
    expect(handWritten).toEqual([]);
  });

  test('every path in route-paths.ts is a route of the table\'s server', async () => {
    const app = await tableServer();
    for (const path of Object.values(COMMAND_PATHS)) expect(app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    for (const path of Object.values(READ_PATHS)) expect(app.hasRoute({ method: 'GET', url: path }), path).toBe(true);
    for (const audience of ['public', 'dealer', 'supervisor'] as const) {
      expect(app.hasRoute({ method: 'GET', url: viewPath(audience) }), viewPath(audience)).toBe(true);
      expect(app.hasRoute({ method: 'GET', url: viewSocketPath(audience) }), viewSocketPath(audience)).toBe(true);
    }
  });
});
