// A schema-driven fuzz run (docs/web-api.md, "The contract"): every request test/adapters/web/support/openapi-fuzz.ts
// makes from docs/openapi.json — every operation, every role's token, an unknown token and none — gets no
// 5xx and no stack trace; every 4xx is the one error shape with a code the pages' catalogue knows and a
// status the document lists for that operation; a refused request leaves the table as it was and adds at
// most 100 bytes to the log (counted over the run: refusals are bounded for the whole table, refusal-log.ts).
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { CATALOGUES } from '../../../src/messages/catalogue.js';
import { refusalSchema } from '../../../src/adapters/web/schemas/refusal-schemas.js';
import { roleOfScheme } from '../../../src/adapters/web/schemas/security-schemes.js';
import { TABLE_ID, TOKENS, config, loadShoe, openTable } from './support/table-fixture.js';
import { fuzzRequests, type FuzzRequest, type Operation } from './support/openapi-fuzz.js';

const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { paths: Record<string, Record<string, Operation>> };

const TOKEN_OF_ROLE = { dealer: TOKENS.dealer, supervisor: TOKENS.supervisor, 'game-server': TOKENS.gameServer, display: TOKENS.display } as const;
const CREDENTIALS: ReadonlyArray<[string, Record<string, string>]> = [
  ...Object.entries(TOKEN_OF_ROLE).map(([role, token]): [string, Record<string, string>] => [role, { authorization: `Bearer ${token}` }]),
  ['unknown token', { authorization: 'Bearer not-a-known-token-at-all' }],
  ['malformed authorization', { authorization: `Basic ${'A'.repeat(3000)}` }],
  ['none', {}],
];

/** A V8 stack frame ("at fn (/path/file.js:1:2)", "at node:internal/...:1:2"), a module path, or an error's name line. */
const STACK_TRACE = /\bat (?:[\w$.<>[\] ]+ )?\(?(?:file:\/\/|node:|\/)[^\s)"]*:\d+:\d+|node_modules\/|\.[jt]s:\d+:\d+|\b\w*Error: /;
/** Clients the requests come from (the log's budget is the whole table's, whatever the addresses: refusal-log.ts). */
const CLIENTS = Array.from({ length: 16 }, (_, i) => `10.9.0.${i + 1}`);

describe('schema-driven fuzz of every route and role', () => {
  test('no 5xx, no stack trace, every 4xx in the one shape; refused requests cost the log at most 100 bytes each', async () => {
    const { store, service } = await openTable();
    await loadShoe(service); // betting open: a well-formed bet is accepted, most others refused by the table
    const app = createTableWebServer({
      service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }),
      // The run keeps the event loop busy on purpose: the display routes' shedding (503, by design) is off.
      rateLimit: { max: 1_000_000, windowMs: 1000 }, shedDisplaysAtMs: 60_000, shedLoopUtilization: 1,
    });
    await app.ready();
    const logBytes = async (types: readonly string[]) => (await store.read(TABLE_ID)).filter((e) => types.includes(e.type)).reduce((n, e) => n + JSON.stringify(e).length, 0);
    const recordedBefore = await logBytes(['command.refused']);

    let sent = 0;
    let refusedBeforeTheTable = 0;
    const statuses = new Map<number, number>();
    const roleSeen = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const requirement of operation.security ?? []) for (const scheme of Object.keys(requirement)) roleSeen.add(roleOfScheme(scheme) ?? scheme);
        for (const [who, auth] of CREDENTIALS) {
          for (const request of fuzzRequests(method.toUpperCase() as FuzzRequest['method'], path, operation, auth)) {
            const label = `${request.method} ${path} as ${who}: ${request.what}`;
            const table = JSON.stringify(service.table);
            const response = await app.inject({ method: request.method, url: request.url, headers: request.headers, remoteAddress: CLIENTS[sent % CLIENTS.length]!, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
            sent += 1;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            // Readiness answers 503 by design while the table is not ready (no shoe link here), in its own shape.
            if (operation.operationId === 'readiness' && response.statusCode === 503) expect(response.json(), label).toMatchObject({ ok: false, status: 'not ready' });
            else expect(response.statusCode, label).toBeLessThan(500);
            expect(response.body.match(STACK_TRACE)?.[0], label).toBeUndefined();
            expect(Object.keys(operation.responses), label).toContain(String(response.statusCode));
            if (response.statusCode < 400 || response.statusCode >= 500) continue;
            const answer = refusalSchema.strict().safeParse(response.json());
            expect(answer.error?.issues, `${label}: ${response.body.slice(0, 300)}`).toBeUndefined();
            expect(answer.data!.code, label).toEqual(expect.any(String));
            expect(`reason.${answer.data!.code!}` in CATALOGUES.en, label).toBe(true);
            expect(answer.data!.reason.length, label).toBeLessThanOrEqual(200);
            if (answer.data!.refused !== 'table' || answer.data!.seq === undefined) {
              refusedBeforeTheTable += 1;
              expect(JSON.stringify(service.table), `${label}: a refused request changed the table`).toBe(table);
            }
          }
        }
      }
    }
    await app.close(); // the counted refusals' summaries are written on close
    const recorded = await logBytes(['command.refused']) - recordedBefore;
    service.close();

    expect(roleSeen).toEqual(new Set(['dealer', 'supervisor', 'game-server', 'display']));
    expect(sent).toBeGreaterThan(3000);
    for (const status of [200, 400, 401, 403, 409, 413, 415, 422]) expect(statuses.get(status), `status ${status} seen`).toBeGreaterThan(0);
    expect(refusedBeforeTheTable).toBeGreaterThan(2000);
    expect(recorded / refusedBeforeTheTable).toBeLessThanOrEqual(100);
    // Every refusal is on the log, one by one or counted in a summary.
    const records = (await store.read(TABLE_ID)).filter((e) => e.type === 'command.refused');
    expect(records.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0)).toBe(refusedBeforeTheTable);
    for (const record of records) expect(JSON.stringify(record).length).toBeLessThan(1500);
  }, 300_000);
});
