// The reference wallet over real HTTP (src/cli/wallet/; docs/operations.md, "The reference wallet and
// reconciliation"): the signature of the exact body bytes, idempotency by id (the first answer again, a
// 409 for another body), each fault kind — an error, a call held past the client's timeout, an answer lost
// after applying, a restart — and the ledger that survives a restart. The wallet runs beside the test on a
// free port; its timers are the test's, so nothing waits on the clock.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHmac } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { tableSignature } from '../../src/adapters/wallet/table-signature.js';
import { parseWalletFaultSpec } from '../../src/app/wallet/wallet-fault-spec.js';
import { startWallet, type RunningWallet } from '../../src/cli/wallet/start-wallet.js';

const SECRET = 'wallet-test-secret';
let dir: string;
let ledger: string;
let logs: Array<{ level: number; msg: string }>;
let timers: Array<{ run: () => void; ms: number; cancelled: boolean }>;
let restarts: number;
const running: RunningWallet[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-'));
  ledger = join(dir, 'ledger.jsonl');
  logs = [];
  timers = [];
  restarts = 0;
});
afterEach(async () => {
  for (const wallet of running.splice(0)) await wallet.close();
  rmSync(dir, { recursive: true, force: true });
});

async function wallet(faults = '', openingBalance = 10_000): Promise<RunningWallet> {
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) });
  const started = await startWallet(
    { port: 0, host: '127.0.0.1', ledger, secretEnv: 'WALLET_SECRET', openingBalance, currency: 'EUR', faults: parseWalletFaultSpec(faults), holdMs: 30_000 },
    {
      secret: SECRET, logger, restart: () => restarts++,
      setTimer: (run, ms) => {
        const timer = { run, ms, cancelled: false };
        timers.push(timer);
        return { cancel: () => void (timer.cancelled = true) };
      },
    },
  );
  running.push(started);
  return started;
}

const tx = (seq: number, player: string, type: string, amount: number) =>
  ({ id: `t1:${seq}:0`, table: 't1', round: 1, seat: 1, hand: 0, player, bet: 'main', type, amount, currency: 'EUR', seq, wallTime: '2026-01-01T00:00:00.000Z' });

interface Sent { readonly status: number; readonly body: Record<string, unknown>; readonly headers: Headers }

async function post(url: string, body: string | object, headers: Record<string, string | undefined> = {}, signal?: AbortSignal): Promise<Sent> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const id = typeof body === 'string' ? undefined : (body as { id?: string }).id;
  const all = { 'content-type': 'application/json', 'x-table-signature': tableSignature(SECRET, text), ...(id !== undefined ? { 'idempotency-key': id } : {}), ...headers };
  const res = await fetch(`${url}/transactions`, { method: 'POST', body: text, headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>, ...(signal ? { signal } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const get = async (url: string, path: string) => (await fetch(`${url}${path}`)).json() as Promise<Record<string, unknown>>;
const faults = async (url: string, body: object) => (await fetch(`${url}/faults`, { method: 'POST', body: JSON.stringify(body) })).status;
const ledgerLines = () => readFileSync(ledger, 'utf8').trimEnd().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the signature', () => {
  test('HMAC-SHA256 of the exact body bytes: verified with node:crypto; missing or wrong is 401, in words on the log', async () => {
    const { url } = await wallet();
    const body = `{ "id": "t1:5:0",\n  "player": "ann", "type": "debit", "amount": 1000, "currency": "EUR" }`;
    const signature = `sha256=${createHmac('sha256', SECRET).update(Buffer.from(body)).digest('hex')}`;
    expect(tableSignature(SECRET, body)).toBe(signature);
    const absent = await post(url, body, { 'x-table-signature': undefined, 'idempotency-key': 't1:5:0' });
    expect([absent.status, absent.body.code]).toEqual([401, 'walletNoSignature']);
    const wrong = await post(url, body, { 'x-table-signature': tableSignature('another secret', body), 'idempotency-key': 't1:5:0' });
    expect(wrong).toMatchObject({ status: 401, body: { ok: false, code: 'walletBadSignature', reason: 'the X-Table-Signature does not verify: the body was not signed with this wallet\'s secret' } });
    expect(logs.filter((l) => l.level === 40).map((l) => l.msg)).toContain('a transaction\'s signature does not verify: refused 401; give the table and this wallet the same secret (this wallet reads $WALLET_SECRET)');
    // The same JSON with one byte changed (its spacing) no longer verifies: the bytes are signed, not the JSON.
    const respaced = await post(url, body.replace('\n', ' '), { 'x-table-signature': signature, 'idempotency-key': 't1:5:0' });
    expect(respaced.status).toBe(401);
    const signed = await post(url, body, { 'x-table-signature': signature, 'idempotency-key': 't1:5:0' });
    expect(signed).toMatchObject({ status: 200, body: { ok: true, id: 't1:5:0', balance: 9000 } });
    expect(await get(url, '/balances')).toEqual({ currency: 'EUR', openingBalance: 10_000, balances: { ann: 9000 }, applied: 1, duplicates: 0, conflicts: 0, refused: 3 });
  });
});

describe('idempotency by id', () => {
  test('a repeat gets the first answer and moves nothing; another body for the id is 409; the ledger has each once', async () => {
    const { url } = await wallet();
    const first = await post(url, tx(5, 'ann', 'debit', 1000));
    expect(first).toMatchObject({ status: 200, body: { ok: true, id: 't1:5:0', player: 'ann', type: 'debit', amount: 1000, currency: 'EUR', balance: 9000 } });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await post(url, tx(9, 'ann', 'credit', 2500))).body.balance).toBe(11_500);
    const again = await post(url, tx(5, 'ann', 'debit', 1000));
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([200, first.body, 'true']);
    const other = await post(url, tx(5, 'ann', 'debit', 2000));
    expect(other).toMatchObject({ status: 409, body: { ok: false, code: 'walletConflict', params: { id: 't1:5:0' } } });
    expect(logs.some((l) => l.level === 40 && l.msg.includes('run `shoe reconcile`'))).toBe(true);
    expect(await get(url, '/balances')).toMatchObject({ balances: { ann: 11_500 }, applied: 2, duplicates: 1, conflicts: 1 });
    const ledgerText = await (await fetch(`${url}/ledger`)).text();
    expect(ledgerText.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([tx(5, 'ann', 'debit', 1000), tx(9, 'ann', 'credit', 2500)]);
    expect(ledgerLines()).toEqual([tx(5, 'ann', 'debit', 1000), tx(9, 'ann', 'credit', 2500)]);
  });

  test('refused before the books: no or another Idempotency-Key, not JSON, a malformed transaction, another currency', async () => {
    const { url } = await wallet();
    const refused = async (body: string | object, headers: Record<string, string | undefined> = {}) => {
      const sent = await post(url, body, headers);
      return [sent.status, sent.body.code];
    };
    expect(await refused(tx(5, 'ann', 'debit', 1), { 'idempotency-key': undefined })).toEqual([400, 'walletNoKey']);
    expect(await refused(tx(5, 'ann', 'debit', 1), { 'idempotency-key': 't1:6:0' })).toEqual([400, 'walletKeyMismatch']);
    expect(await refused('{"id":')).toEqual([400, 'walletNotJson']);
    expect(await refused({ ...tx(5, 'ann', 'debit', 1), amount: -1 })).toEqual([400, 'walletMalformed']);
    expect(await refused({ ...tx(5, 'ann', 'debit', 1), currency: 'RUB' })).toEqual([422, 'walletCurrency']);
    expect(await get(url, '/balances')).toMatchObject({ balances: {}, applied: 0, refused: 5 });
    expect([(await fetch(`${url}/nowhere`)).status, (await fetch(`${url}/transactions`)).status]).toEqual([404, 404]);
  });
});

describe('fault injection', () => {
  test('error: the next calls answer 5xx and apply nothing; the retry applies', async () => {
    const { url } = await wallet();
    expect(await faults(url, { fault: 'error', next: 2, status: 500 })).toBe(200);
    for (const status of [500, 500]) expect(await post(url, tx(5, 'ann', 'debit', 1000))).toMatchObject({ status, body: { code: 'walletInjected' } });
    expect((await post(url, tx(5, 'ann', 'debit', 1000))).status).toBe(200);
    expect(await get(url, '/balances')).toMatchObject({ balances: { ann: 9000 }, applied: 1, duplicates: 0 });
    expect(await faults(url, { fault: 'explode' })).toBe(400);
  });

  test('a fraction from --faults, with its seeded dice; DELETE /faults stops it', async () => {
    const { url } = await wallet('error=1:502');
    expect((await post(url, tx(5, 'ann', 'debit', 1000))).status).toBe(502);
    expect((await fetch(`${url}/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await post(url, tx(5, 'ann', 'debit', 1000))).status).toBe(200);
    expect(await get(url, '/faults')).toMatchObject({ calls: 2, fractions: { error: 0 }, injected: { error: 1 } });
  });

  test('timeout: the call is held until the client gives up, and nothing is applied; a client that waits gets 504', async () => {
    const { url } = await wallet();
    await faults(url, { fault: 'timeout', next: 2 });
    const client = new AbortController();
    const given = post(url, tx(5, 'ann', 'debit', 1000), {}, client.signal);
    await expect.poll(() => timers.length).toBe(1);
    client.abort();
    await expect(given).rejects.toThrow(/abort/i);
    await expect.poll(() => timers[0]?.cancelled).toBe(true);
    expect(timers[0]?.ms).toBe(30_000);
    const waiting = post(url, tx(5, 'ann', 'debit', 1000));
    await expect.poll(() => timers.length).toBe(2);
    timers[1]?.run();
    expect(await waiting).toMatchObject({ status: 504, body: { code: 'walletHeld', params: { ms: '30000' } } });
    expect(await get(url, '/balances')).toMatchObject({ balances: {}, applied: 0 });
    expect((await post(url, tx(5, 'ann', 'debit', 1000))).body).toMatchObject({ ok: true, balance: 9000 });
  });

  test('lose: applied, then the connection drops without an answer; the retry gets the first answer', async () => {
    const { url } = await wallet();
    await faults(url, { fault: 'lose' });
    await expect(post(url, tx(5, 'ann', 'debit', 1000))).rejects.toThrow(/fetch failed/);
    expect(await get(url, '/balances')).toMatchObject({ balances: { ann: 9000 }, applied: 1 });
    const retry = await post(url, tx(5, 'ann', 'debit', 1000));
    expect([retry.status, retry.body.balance, retry.headers.get('idempotent-replayed')]).toEqual([200, 9000, 'true']);
  });

  test('restart: applied and on the disk, no answer, the wallet asked to exit; started again, it reloads its ledger', async () => {
    const first = await wallet('restart@2');
    const answer = (await post(first.url, tx(5, 'ann', 'debit', 1000))).body;
    await expect(post(first.url, tx(9, 'bob', 'debit', 400))).rejects.toThrow(/fetch failed/);
    expect(restarts).toBe(1);
    expect(ledgerLines().map((t) => t.id)).toEqual(['t1:5:0', 't1:9:0']);
    await first.close();
    const again = await wallet();
    expect(logs.at(-1)?.msg).toMatch(/2 transactions reloaded from /);
    expect(await get(again.url, '/balances')).toMatchObject({ balances: { ann: 9000, bob: 9600 }, applied: 2 });
    const repeat = await post(again.url, tx(5, 'ann', 'debit', 1000));
    expect([repeat.body, repeat.headers.get('idempotent-replayed')]).toEqual([answer, 'true']);
    expect((await post(again.url, tx(9, 'bob', 'debit', 400))).body).toMatchObject({ balance: 9600 });
    expect((await post(again.url, tx(9, 'bob', 'debit', 401))).status).toBe(409);
  });

  test('a ledger whose last line a crash cut short: the line is cut off, said at WARN, and the rest reloads', async () => {
    const first = await wallet();
    await post(first.url, tx(5, 'ann', 'debit', 1000));
    await first.close();
    appendFileSync(ledger, JSON.stringify(tx(9, 'bob', 'debit', 400)).slice(0, 30));
    const again = await wallet();
    expect(logs.find((l) => l.level === 40)?.msg).toMatch(/ended in a line cut short .*: cut off; that transaction was never answered, so the feed sends it again$/);
    expect(await get(again.url, '/balances')).toMatchObject({ balances: { ann: 9000 }, applied: 1 });
    await post(again.url, tx(9, 'bob', 'debit', 400));
    expect(ledgerLines().map((t) => t.id)).toEqual(['t1:5:0', 't1:9:0']);
  });
});
