// The WebSocket endpoints: the display sockets send the catch-up view then live views, refuse a missing
// credential or a wrong role at the upgrade (recorded); the command socket answers like the HTTP API.
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { HOLE_CARD, INITIAL_DEAL, TOKENS, deal, loadShoe } from './support/table-fixture.js';
import { webTable, type WebTable } from './support/web-fixture.js';

let web: WebTable;
afterEach(async () => web?.close());

interface Client {
  readonly messages: unknown[];
  next(): Promise<unknown>;
  send(message: unknown): void;
  close(): void;
}

function connect(path: string): Promise<Client> {
  const socket = new WebSocket(`${web.url.replace('http', 'ws')}${path}`);
  const messages: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  let read = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as unknown;
    messages.push(message);
    waiting.shift()?.(message);
  });
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body) as unknown })));
    });
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        messages,
        next: () => (read < messages.length ? Promise.resolve(messages[read++]) : new Promise((r) => waiting.push((m) => { read++; r(m); }))),
        send: (message) => socket.send(JSON.stringify(message)),
        close: () => socket.close(),
      }),
    );
  });
}

describe('display sockets', () => {
  test('/ws/public: the table as it is on connect, then live views; no credential needed', async () => {
    web = await webTable({ listen: true });
    await loadShoe(web.service);
    const client = await connect('/ws/public');
    expect(await client.next()).toMatchObject({ type: 'view', view: { table: { stage: 'betting', round: 1 } } });
    await web.service.submit({ type: 'bet', seat: 2, player: 'ben', amount: 500 }, { source: 'api', by: 'online-gs' });
    const live = (await client.next()) as { view: { table: { seats: Array<{ seat: number; bets: unknown[] }> } } };
    expect(live.view.table.seats[1]).toMatchObject({ seat: 2, bets: [{ player: 'ben', kind: 'main', amount: 500 }] });
    await web.service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer-ann' });
    await deal(web.service, INITIAL_DEAL.filter((c) => c !== 'TH' && c !== '7D'));
    client.close();
    expect(JSON.stringify(client.messages)).not.toContain(HOLE_CARD);
  });

  test('/ws/supervisor without a credential: 401 at the upgrade, recorded', async () => {
    web = await webTable({ listen: true });
    const before = web.service.position;
    await expect(connect('/ws/supervisor')).rejects.toMatchObject({ status: 401, body: { ok: false, reason: expect.stringMatching(/missing credential/) } });
    const added = await web.eventsAfter(before);
    expect(added.map((e) => e.type)).toEqual(['command.refused']);
    expect(added[0]!.data).toMatchObject({ path: '/ws/supervisor' });
  });

  test('/ws/supervisor with a dealer credential: 403; /ws/dealer with a game-server credential: 403', async () => {
    web = await webTable({ listen: true });
    await expect(connect(`/ws/supervisor?token=${TOKENS.dealer}`)).rejects.toMatchObject({ status: 403 });
    await expect(connect(`/ws/dealer?token=${TOKENS.gameServer}`)).rejects.toMatchObject({ status: 403 });
    const refused = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused').map((e) => e.data['by']);
    expect(refused).toEqual(['dealer-ann', 'online-gs']);
  });

  test('/ws/dealer: the next step; /ws/supervisor: everything, the burn card included', async () => {
    web = await webTable({ listen: true });
    await web.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    const dealer = await connect(`/ws/dealer?token=${TOKENS.dealer}`);
    const supervisor = await connect(`/ws/supervisor?token=${TOKENS.supervisor}`);
    expect(await dealer.next()).toMatchObject({ view: { instruction: { kind: 'burn', text: 'Burn 1 more card' } } });
    expect(await supervisor.next()).toMatchObject({ view: { phase: 'active.burning', shoe: { number: 1, burned: 0 } } });
    await web.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    expect(await dealer.next()).toMatchObject({ view: { instruction: { kind: 'bettingOpen' } } });
    const live = (await supervisor.next()) as { view: { log: Array<{ type: string; data: unknown }> } };
    expect(JSON.stringify(live.view.log)).toContain('5D');
    dealer.close();
    supervisor.close();
  });
});

describe('command socket', () => {
  test('answers each command like the HTTP API, attributed to the socket\'s credential', async () => {
    web = await webTable({ listen: true });
    await loadShoe(web.service);
    const client = await connect(`/ws/commands?token=${TOKENS.gameServer}`);
    client.send({ id: 1, command: 'bet', body: { seat: 1, player: 'ana', amount: 1000 } });
    expect(await client.next()).toMatchObject({ id: 1, status: 200, ok: true, facts: [{ type: 'bet.placed' }] });
    client.send({ id: 2, command: 'void', body: {} });
    expect(await client.next()).toMatchObject({ id: 2, status: 403, ok: false, refused: 'role' });
    client.send({ id: 3, command: 'bet', body: { seat: 1, player: 'ana', amount: 'lots' } });
    expect(await client.next()).toMatchObject({ id: 3, status: 400, refused: 'body' });
    client.send({ id: 4, command: 'decision', body: { seat: 1, action: 'hit' } });
    expect(await client.next()).toMatchObject({ id: 4, status: 409, refused: 'table', reason: expect.stringMatching(/no decision expected/) });
    client.send({ id: 5, command: 'dance' });
    expect(await client.next()).toMatchObject({ id: 5, status: 400, reason: expect.stringMatching(/malformed command message/) });
    client.close();
    const log = await web.eventsAfter(0);
    const bet = log.find((e) => e.type === 'input' && (e.data['input'] as { type: string }).type === 'bet');
    expect(bet?.data).toMatchObject({ source: 'api', by: 'online-gs' });
    expect(log.filter((e) => e.type === 'command.refused').map((e) => e.data['by'])).toEqual(['online-gs', 'online-gs', 'online-gs']);
  });

  test('an unknown credential is refused at the upgrade', async () => {
    web = await webTable({ listen: true });
    await expect(connect('/ws/commands?token=nope-nope-nope')).rejects.toMatchObject({ status: 401, body: { reason: 'unknown credential' } });
  });
});
