// The API's contract (docs/web-api.md, "The contract"): the OpenAPI document the server serves is the one in
// the repo (docs/openapi.json, `npm run docs:openapi`), valid by a maintained OpenAPI validator, and covers
// every /api/* route; the AsyncAPI document of the sockets and NATS subjects (docs/asyncapi.json) is the
// one the schemas make, and @asyncapi/parser finds no error in it.
import { liveEventSubject, liveResendSubject } from '../../../src/adapters/store/live-event-publisher.js';
import { liveViewSubject } from '../../../src/adapters/view-fanout/view-stream.js';
import { readFileSync } from 'node:fs';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { createGatewayServer } from '../../../src/adapters/web/gateway-server.js';
import { COMMANDS } from '../../../src/adapters/web/command-specs.js';
import { asyncApiDocument } from '../../../src/composition/asyncapi-document.js';
import { tableOpenApiDocument } from '../../../src/composition/openapi-document.js';
import type { AudienceViewSource } from '../../../src/ports/shared-view.js';
import { webTable, type WebTable } from './support/web-fixture.js';

const inRepo = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

interface Operation { readonly responses: Record<string, unknown>; readonly security?: Array<Record<string, string[]>> }
type Paths = Record<string, Record<string, Operation>>;

/** The routes a server answers, from its printed route tree (each segment under its parent's): "METHOD path". */
function routesOf(printed: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const found = /^([\s│]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!found) continue;
    const depth = found[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + found[2]!;
    parents[depth] = path;
    for (const method of found[3]!.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

async function validOpenApi(document: unknown): Promise<{ valid: boolean; errors: unknown }> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  return { valid: result.valid, errors: result.errors };
}

let web: WebTable | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
});

describe('OpenAPI', () => {
  test('the served document is docs/openapi.json (regenerate with npm run docs:openapi)', async () => {
    web = await webTable();
    const served = (await web.app.inject({ url: '/openapi.json' })).json() as Record<string, unknown>;
    const kept = inRepo('docs/openapi.json');
    // The title names the table; everything else is the same contract.
    expect({ ...served, info: { ...(served['info'] as object), title: '' } }).toEqual({ ...kept, info: { ...(kept['info'] as object), title: '' } });
    expect(await tableOpenApiDocument()).toEqual(kept);
  });

  test('valid OpenAPI 3.1 by @seriousme/openapi-schema-validator', async () => {
    const kept = inRepo('docs/openapi.json');
    expect(kept['openapi']).toBe('3.1.0');
    expect(await validOpenApi(kept)).toEqual({ valid: true, errors: undefined });
    // The validator does refuse a broken document.
    expect((await validOpenApi({ ...kept, paths: { '/x': { get: { responses: { 200: { content: 'nope' } } } } } })).valid).toBe(false);
  });

  test('covers every /api/* route the server has, with its answers and the role tokens', async () => {
    web = await webTable();
    const paths = inRepo('docs/openapi.json')['paths'] as Paths;
    const api = routesOf(web.app.printRoutes({ commonPrefix: false })).filter((r) => / \/api\//.test(r) && !r.startsWith('HEAD ') && !r.startsWith('OPTIONS '));
    expect(api.length).toBeGreaterThanOrEqual(COMMANDS.length + 5);
    for (const route of api) {
      const [method, template] = route.split(' ') as [string, string];
      // The router names a path parameter `:round`; OpenAPI, `{round}`.
      const path = template.replace(/:(\w+)/g, '{$1}');
      const operation = paths[path]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(Object.keys(operation!.responses), route).toEqual(expect.arrayContaining(['200', '429']));
    }
    for (const command of COMMANDS) {
      const operation = paths[command.path]!['post']!;
      expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '429', '503']);
      expect(operation.security!.length).toBe(command.roles.length);
    }
    const schemes = (inRepo('docs/openapi.json')['components'] as { securitySchemes: Record<string, { scheme: string }> }).securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(['dealerToken', 'displayToken', 'gameServerToken', 'supervisorToken']);
    expect(paths['/api/views/public']!['get']!.security).toEqual([]);
    const responses = (inRepo('docs/openapi.json')['components'] as { responses: Record<string, unknown> }).responses;
    expect(responses['NotFound']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } });
  });

  test('a display gateway serves its own document, valid, covering its /api/* routes', async () => {
    const views = { current: () => new Promise(() => undefined), views$: () => { throw new Error('not used'); } } as unknown as AudienceViewSource;
    const gateway = createGatewayServer({ views, credentials: new Map(), logger: pino({ level: 'silent' }) });
    try {
      await gateway.ready();
      const document = (await gateway.inject({ url: '/openapi.json' })).json() as { paths: Paths };
      expect(await validOpenApi(document)).toEqual({ valid: true, errors: undefined });
      expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/')).sort()).toEqual(['/api/views/dealer', '/api/views/public']);
      const missing = await gateway.inject({ url: '/api/nothing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ ok: false, refused: 'route', code: 'noRoute', params: { method: 'GET', path: '/api/nothing' } });
    } finally {
      await gateway.close();
    }
  });
});

describe('AsyncAPI', () => {
  test('docs/asyncapi.json is the one the schemas make (regenerate with npm run docs:openapi)', () => {
    expect(JSON.parse(JSON.stringify(asyncApiDocument()))).toEqual(inRepo('docs/asyncapi.json'));
  });

  test('@asyncapi/parser finds no error; every command and the NATS subjects are there, the live path included', async () => {
    const parser = new Parser();
    const { document, diagnostics } = await parser.parse(readFileSync('docs/asyncapi.json', 'utf8'));
    expect(diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error)).toEqual([]);
    expect(document).toBeDefined();
    const addresses = document!.channels().all().map((c) => c.address());
    expect(addresses).toEqual(expect.arrayContaining(['/ws/public', '/ws/dealer', '/ws/supervisor', '/ws/commands', 'tables.{tableId}.views.{audience}', 'tables.{tableId}.events']));
    // The live path's subjects as the code makes them (docs/adr/0016-a-live-path-beside-the-durable-copy.md).
    expect(addresses).toEqual(expect.arrayContaining([
      liveEventSubject('tables', '{tableId}'), liveResendSubject('tables', '{tableId}'), liveViewSubject('{tableId}', 'public').replace('.public', '.{audience}'),
    ]));
    const commands = document!.channels().all().find((c) => c.address() === '/ws/commands')!;
    expect(commands.messages().all().map((m) => m.name()).sort()).toEqual([...COMMANDS.map((c) => c.name), 'answer'].sort());
    // The parser does find errors: a message that points nowhere.
    const broken = { ...inRepo('docs/asyncapi.json'), operations: { x: { action: 'send', channel: { $ref: '#/channels/none' } } } };
    const checked = await parser.parse(JSON.stringify(broken));
    expect(checked.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error)).toBe(true);
  });
});
