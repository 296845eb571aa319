// The command API over HTTP: every command refused for a missing or unknown credential, a wrong role, a
// malformed body or the wrong moment answers 4xx with a reason, and the log shows nothing but that
// refusal; accepted commands are inputs attributed to their sender.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import type { TableService } from '../../../src/app/table/table-service.js';
import { CATALOGUES } from '../../../src/messages/catalogue.js';
import { BURN_CARD, INITIAL_DEAL, TOKENS, deal, loadShoe } from './support/table-fixture.js';
import { webTable, type WebTable } from './support/web-fixture.js';

type Token = (typeof TOKENS)[keyof typeof TOKENS];

interface Case {
  readonly name: string;
  readonly path: string;
  readonly token: Token;
  readonly wrongRole: Token;
  readonly wrongRoleName: string;
  readonly body: object;
  readonly malformed: unknown;
  /** Puts the table where the command does not fit (default: a fresh table, no shoe); null: no such moment. */
  readonly wrongMoment?: ((service: TableService) => Promise<void>) | null;
}

const CASES: readonly Case[] = [
  { name: 'bet', path: '/api/bets', token: TOKENS.gameServer, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { seat: 1, player: 'ana', amount: 1000 }, malformed: { seat: 'one', player: 'ana', amount: 1000 } },
  { name: 'cancelBet', path: '/api/bets/cancel', token: TOKENS.gameServer, wrongRole: TOKENS.supervisor, wrongRoleName: 'super-sam', body: { seat: 1, player: 'ana' }, malformed: { seat: 1 } },
  { name: 'closeBetting', path: '/api/betting/close', token: TOKENS.dealer, wrongRole: TOKENS.gameServer, wrongRoleName: 'online-gs', body: {}, malformed: { now: true } },
  { name: 'openBetting', path: '/api/betting/open', token: TOKENS.dealer, wrongRole: TOKENS.display, wrongRoleName: 'wall-screen', body: {}, malformed: [] },
  { name: 'decision', path: '/api/decisions', token: TOKENS.gameServer, wrongRole: TOKENS.supervisor, wrongRoleName: 'super-sam', body: { seat: 1, action: 'stand' }, malformed: { seat: 1, action: 'fold' } },
  { name: 'offer', path: '/api/offers', token: TOKENS.gameServer, wrongRole: TOKENS.display, wrongRoleName: 'wall-screen', body: { seat: 1, action: 'insurance' }, malformed: { seat: 1, action: 'insurance', amount: -5 } },
  { name: 'follow', path: '/api/follow', token: TOKENS.gameServer, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { seat: 1, player: 'bo', follow: 'double' }, malformed: { seat: 1, follow: 'double' } },
  {
    name: 'pause', path: '/api/supervisor/pause', token: TOKENS.supervisor, wrongRole: TOKENS.gameServer, wrongRoleName: 'online-gs', body: { reason: 'camera check' }, malformed: { reason: 5 },
    wrongMoment: async (service) => void (await service.submit({ type: 'supervisor', action: 'pause', by: 'x' }, { source: 'api', by: 'x' })),
  },
  { name: 'resume', path: '/api/supervisor/resume', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: {}, malformed: { now: 1 } },
  { name: 'void', path: '/api/supervisor/void', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { reason: 'misdeal' }, malformed: { reason: '' } },
  { name: 'useCard', path: '/api/supervisor/use-card', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: {}, malformed: { card: 'AS' } },
  // The round machine takes a shoe change at any moment: there is no wrong one.
  { name: 'shoeChange', path: '/api/supervisor/shoe-change', token: TOKENS.supervisor, wrongRole: TOKENS.gameServer, wrongRoleName: 'online-gs', body: {}, malformed: { reason: 12 }, wrongMoment: async () => undefined /* no shoe loaded yet: nothing to change */ },
  // The dealer on duty is taken at any moment (docs/live-table.md, "The dealer on duty").
  { name: 'dealer', path: '/api/dealer', token: TOKENS.dealer, wrongRole: TOKENS.gameServer, wrongRoleName: 'online-gs', body: { dealer: 'Anna' }, malformed: { dealer: '' }, wrongMoment: null },
  // The procedures (docs/procedures.md): on a fresh table none fits (no misread open, no round, no shoe run out).
  { name: 'enterCard', path: '/api/supervisor/enter-card', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { card: 'QH' }, malformed: { card: 'Q' } },
  { name: 'correctCard', path: '/api/supervisor/correct-card', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { card: 'QH', seat: 1 }, malformed: { card: 'QH', seat: 0 } },
  { name: 'moveCard', path: '/api/supervisor/move-card', token: TOKENS.supervisor, wrongRole: TOKENS.gameServer, wrongRoleName: 'online-gs', body: { card: 'QH', seat: 2, hand: 0 }, malformed: { seat: 2 } },
  { name: 'burnCard', path: '/api/supervisor/burn-card', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { cause: 'floor' }, malformed: { cause: 'wind' } },
  { name: 'loadDiscards', path: '/api/supervisor/load-discards', token: TOKENS.supervisor, wrongRole: TOKENS.display, wrongRoleName: 'wall-screen', body: {}, malformed: { shoe: 2 } },
  // No removed shoe with a receipt on a fresh table: nothing to count.
  { name: 'countStub', path: '/api/supervisor/count-stub', token: TOKENS.supervisor, wrongRole: TOKENS.dealer, wrongRoleName: 'dealer-ann', body: { stub: 300 }, malformed: { stub: -1 } },
];

let web: WebTable;
afterEach(async () => web?.close());

async function post(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await web.app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
  return { status: response.statusCode, answer: response.json() as { ok: boolean; reason?: string; refused?: string; code?: string; params?: Record<string, string> } };
}

/** Sends a command and checks the answer and that the log gained exactly `expected` and the table did not change. */
async function expectRefused(send: () => Promise<{ status: number; answer: { ok: boolean; reason?: string; code?: string; params?: Record<string, string> } }>, status: number, expected: readonly string[]) {
  const before = { seq: web.service.position, table: JSON.stringify(web.service.table), phase: web.service.phase };
  const { status: got, answer } = await send();
  expect(got).toBe(status);
  expect(answer.ok).toBe(false);
  expect(answer.reason).toEqual(expect.any(String));
  expect(answer.reason!.length).toBeGreaterThan(5);
  // Every refusal names its sentence in the pages' catalogue, with the values in it (docs/web-api.md, "Refusals").
  expect(answer.code, answer.reason).toEqual(expect.any(String));
  expect(`reason.${answer.code!}` in CATALOGUES.en).toBe(true);
  // A phase and what was asked are named by their codes (`now.<phase>`, `what.<what>`), the roles that may
  // by theirs (each in the sentence); every other value stands in the sentence.
  for (const [name, value] of Object.entries(answer.params ?? {})) {
    if (name === 'phase') expect(`now.${value}` in CATALOGUES.en).toBe(true);
    else if (name === 'what') expect(answer.reason).toContain(CATALOGUES.en[`what.${value}`]);
    else if (name === 'roles') for (const role of value.split(', ')) expect(answer.reason).toContain(role);
    else expect(answer.reason).toContain(value);
  }
  const added = await web.eventsAfter(before.seq);
  expect(added.map((e) => e.type)).toEqual(expected);
  expect(JSON.stringify(web.service.table)).toBe(before.table);
  expect(web.service.phase).toBe(before.phase);
  return { answer, added };
}

describe.each(CASES)('$name ($path)', (c) => {
  test('without a credential: 401, only the refusal on the log', async () => {
    web = await webTable();
    const { added } = await expectRefused(() => post(c.path, c.body), 401, ['command.refused']);
    expect(added[0]!.data).toMatchObject({ path: c.path, reason: expect.stringMatching(/missing credential/) });
    expect(added[0]!.data).not.toHaveProperty('by');
  });

  test('with an unknown credential: 401, only the refusal on the log', async () => {
    web = await webTable();
    const { added } = await expectRefused(() => post(c.path, c.body, 'not-a-known-token'), 401, ['command.refused']);
    expect(added[0]!.data).toMatchObject({ reason: 'unknown credential' });
    expect(JSON.stringify(added)).not.toContain('not-a-known-token');
  });

  test('from a wrong role: 403, the refusal names the sender', async () => {
    web = await webTable();
    const { added } = await expectRefused(() => post(c.path, c.body, c.wrongRole), 403, ['command.refused']);
    expect(added[0]!.data).toMatchObject({ path: c.path, by: c.wrongRoleName, reason: expect.stringMatching(/^role .* may not/) });
  });

  test('with a malformed body: 400, the refusal says what is wrong', async () => {
    web = await webTable();
    const { answer, added } = await expectRefused(() => post(c.path, c.malformed, c.token), 400, ['command.refused']);
    expect(answer.reason).toMatch(/malformed/);
    // Bounded: the body's size and digest, the client's address — never the body itself.
    const sent = JSON.stringify(c.malformed);
    expect(added[0]!.data).toMatchObject({ client: '127.0.0.1', bodyBytes: Buffer.byteLength(sent), bodyDigest: createHash('sha256').update(sent).digest('hex') });
    expect(added[0]!.data).not.toHaveProperty('body');
  });

  // A command taken at any moment (the dealer on duty) has no wrong one: no such case.
  if (c.wrongMoment !== null) test('at the wrong moment: 409 with the round machine\'s reason', async () => {
    web = await webTable();
    await c.wrongMoment?.(web.service);
    const expected = c.name === 'openBetting' ? ['command.refused'] : ['input', 'input.rejected'];
    const { answer, added } = await expectRefused(() => post(c.path, c.body, c.token), 409, expected);
    if (c.name === 'openBetting') {
      expect(answer.reason).toMatch(/opens by itself/);
    } else {
      expect(added[0]!.data).toMatchObject({ source: 'api', by: expect.any(String) });
      expect(added[1]!.data).toMatchObject({ reason: answer.reason });
    }
  });
});

describe('accepted commands', () => {
  test('each is an input on the log attributed to its sender', async () => {
    web = await webTable();
    await loadShoe(web.service);
    const bet = await post('/api/bets', { seat: 1, player: 'ana', amount: 1000 }, TOKENS.gameServer);
    expect(bet).toMatchObject({ status: 200, answer: { ok: true, facts: [{ type: 'bet.placed', seat: 1, player: 'ana', amount: 1000 }] } });
    expect((await post('/api/betting/open', {}, TOKENS.dealer))).toMatchObject({ status: 409, answer: { reason: expect.stringMatching(/already open.*opens by itself/) } });
    expect((await post('/api/betting/close', {}, TOKENS.dealer)).status).toBe(200);
    await deal(web.service, ['TH', 'TC', '7D', '8H']);
    const pause = await post('/api/supervisor/pause', { reason: 'camera check' }, TOKENS.supervisor);
    expect(pause.status).toBe(200);
    expect((await post('/api/supervisor/resume', {}, TOKENS.supervisor)).status).toBe(200);
    expect((await post('/api/decisions', { seat: 1, action: 'stand' }, TOKENS.gameServer)).status).toBe(200);

    const log = await web.eventsAfter(0);
    const inputs = log.filter((e) => e.type === 'input').map((e) => e.data as { input: { type: string; by?: string }; source: string; by?: string });
    const fromApi = inputs.filter((i) => i.source === 'api').map((i) => [i.input.type, i.by, i.input.by]);
    expect(fromApi).toEqual([
      ['bet', 'online-gs', undefined],
      ['betting.closed', 'dealer-ann', undefined],
      ['supervisor', 'super-sam', 'super-sam'],
      ['supervisor', 'super-sam', 'super-sam'],
      ['decision', 'online-gs', undefined],
    ]);
    expect(log.find((e) => e.type === 'table.paused')?.data).toMatchObject({ by: 'super-sam', reason: 'camera check' });
    expect(log.map((e) => e.type)).toContain('round.ended');
  });

  test('the dealer on duty: from the dealer\'s or a supervisor\'s credential, any moment, a fact on the log', async () => {
    web = await webTable();
    expect(await post('/api/dealer', { dealer: 'Anna' }, TOKENS.dealer)).toMatchObject({ status: 200, answer: { ok: true, facts: [{ type: 'dealer.changed', dealer: 'Anna' }] } });
    expect((await post('/api/dealer', { dealer: 'Boris' }, TOKENS.supervisor)).status).toBe(200);
    const log = await web.eventsAfter(0);
    expect(log.filter((e) => e.type === 'dealer.changed').map((e) => e.data)).toEqual([{ round: 0, dealer: 'Anna' }, { round: 0, dealer: 'Boris' }]);
    expect(log.filter((e) => e.type === 'input').map((e) => (e.data as { by?: string }).by)).toEqual(['dealer-ann', 'super-sam']);
  });

  test('an answer carries only what the public may see (no peek, no hole card)', async () => {
    web = await webTable();
    await loadShoe(web.service);
    await post('/api/bets', { seat: 1, player: 'ana', amount: 1000 }, TOKENS.gameServer);
    await post('/api/betting/close', {}, TOKENS.dealer);
    await deal(web.service, ['TH', 'TC', '7D']);
    // The hole card completes the deal; the peek follows in the same step. Then the player stands.
    await deal(web.service, ['8H']);
    const stand = await post('/api/decisions', { seat: 1, action: 'stand' }, TOKENS.gameServer);
    expect(JSON.stringify(stand.answer)).not.toMatch(/peek/);
    expect(stand.answer).toMatchObject({ ok: true });
  });
});

describe('requests the server cannot read', () => {
  test('a body that is not JSON: 400, recorded as a refusal with its sender', async () => {
    web = await webTable();
    const before = web.service.position;
    const response = await web.app.inject({
      method: 'POST', url: '/api/bets', payload: '{"seat": 1,',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.gameServer}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/malformed request/) });
    const added = await web.eventsAfter(before);
    expect(added.map((e) => e.type)).toEqual(['command.refused']);
    expect(added[0]!.data).toMatchObject({ path: '/api/bets', by: 'online-gs' });
  });
});

describe('reading', () => {
  test('recall: supervisors only; the last rounds with their steps', async () => {
    web = await webTable();
    await loadShoe(web.service);
    await post('/api/bets', { seat: 1, player: 'ana', amount: 1000 }, TOKENS.gameServer);
    await post('/api/betting/close', {}, TOKENS.dealer);
    await deal(web.service, INITIAL_DEAL.filter((c) => c !== '9S' && c !== 'KS'));
    await post('/api/decisions', { seat: 1, action: 'stand' }, TOKENS.gameServer);
    const recall = await web.app.inject({ url: '/api/recall?rounds=10', headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
    expect(recall.statusCode).toBe(200);
    const rounds = recall.json().rounds as Array<{ round: number; steps: Array<{ fact: { type: string } }> }>;
    expect(rounds.map((r) => r.round)).toEqual([1]);
    expect(rounds[0]!.steps.map((s) => s.fact.type)).toContain('bet.settled');

    // More than a hundred: the last hundred. Not a number of rounds: refused in words, on the log.
    const many = await web.app.inject({ url: '/api/recall?rounds=1000', headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
    expect(many.statusCode).toBe(200);
    expect((many.json().rounds as unknown[]).length).toBe(1);
    for (const bad of ['abc', '0', '1.5']) {
      const refusedAt = web.service.position;
      const r = await web.app.inject({ url: `/api/recall?rounds=${bad}`, headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ ok: false, code: 'malformedRequest', reason: `malformed request: rounds takes a whole number, 1 or more (at most 100 are sent), not "${bad}"` });
      expect((await web.eventsAfter(refusedAt)).map((e) => e.type)).toEqual(['command.refused']);
    }

    const before = web.service.position;
    const dealer = await web.app.inject({ url: '/api/recall', headers: { authorization: `Bearer ${TOKENS.dealer}` } });
    expect(dealer.statusCode).toBe(403);
    expect((await web.eventsAfter(before)).map((e) => e.type)).toEqual(['command.refused']);
  });

  test('views: the public one needs no credential and shows no burn card; the supervisor one needs a supervisor', async () => {
    web = await webTable();
    await loadShoe(web.service);
    const open = await web.app.inject({ url: '/api/views/public' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ meta: { tableId: 'web-1', seats: 5 }, table: { stage: 'betting', round: 1 } });
    expect(open.body).not.toContain(BURN_CARD);
    expect((await web.app.inject({ url: '/api/views/supervisor', headers: { authorization: `Bearer ${TOKENS.dealer}` } })).statusCode).toBe(403);
    const sup = await web.app.inject({ url: '/api/views/supervisor', headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
    expect(sup.json()).toMatchObject({ phase: 'active.betting', instruction: { kind: 'bettingOpen' } });
    expect(sup.body).toContain(BURN_CARD);
    const dealer = await web.app.inject({ url: '/api/views/dealer', headers: { authorization: `Bearer ${TOKENS.display}` } });
    expect(dealer.json()).toMatchObject({ instruction: { kind: 'bettingOpen', text: 'Betting is open: no bets yet' } });
  });
});
