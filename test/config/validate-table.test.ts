// Validate everything, then open anything: a table's configuration is refused with one line per problem,
// each naming the field and the fix, every problem found in one pass, and nothing is created on disk
// (docs/operations.md, "Start-up checks").
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableConfigSchema, type TableConfig } from '../../src/config/table-config.js';
import { checkTable, validateTable } from '../../src/config/validate-table.js';

const folder = mkdtempSync(join(tmpdir(), 'validate-table-'));
function table(extra: Record<string, unknown> = {}): TableConfig {
  return tableConfigSchema.parse({
    id: 't1',
    rules: 'deluxe',
    serial: { path: '/dev/serial/by-id/a-shoe' },
    store: { path: join(folder, 'not-yet', 'deeper', 't1.db') },
    roles: { dealer: [{ name: 'dealer-1', tokenEnv: 'T_DEALER_TOKEN' }], supervisor: [{ name: 'pit-1', tokenEnv: 'T_PIT_TOKEN' }] },
    ...extra,
  });
}
const env = { T_DEALER_TOKEN: 'a-dealer-token', T_PIT_TOKEN: 'a-pit-token' };

describe('validateTable', () => {
  test('a complete configuration passes and creates nothing', () => {
    const { ruleSet } = validateTable(table({ seats: 7 }), env);
    expect(ruleSet.rules.name).toBe('deluxe');
    expect(existsSync(join(folder, 'not-yet'))).toBe(false);
  });

  test('an unset token variable names the role, the credential and the variable', () => {
    expect(() => validateTable(table(), { T_PIT_TOKEN: 'a-pit-token' })).toThrow(/^roles\.dealer\.dealer-1: environment variable T_DEALER_TOKEN is not set \(export it[^\n]*$/);
  });

  test('more seats than the rule set has is refused, not clipped', () => {
    expect(() => validateTable(table({ seats: 9 }), env)).toThrow('seats: 9 seats, but rule set "deluxe" has 7; set seats to 7 or fewer');
  });

  test('a rules path that does not exist says "no such rule file"', () => {
    expect(() => validateTable(table({ rules: '/x/nope.yaml' }), env)).toThrow('rules: /x/nope.yaml: no such rule file');
  });

  test('an unknown rule set name still lists the known ones', () => {
    expect(() => validateTable(table({ rules: 'pontoon' }), env)).toThrow(/rules: unknown rule set "pontoon"; known rule sets: .*six-deck/);
  });

  test('a named log key that is not set is refused', () => {
    expect(() => validateTable(table({ store: { path: join(folder, 'k.db'), keyEnv: 'T_NO_LOG_KEY' } }), env)).toThrow('store.keyEnv: environment variable T_NO_LOG_KEY is not set');
  });

  test('a database path that is a folder is refused', () => {
    expect(() => validateTable(table({ store: { path: folder } }), env)).toThrow(/store\.path: .* is a folder/);
  });

  test('every problem at once, in the order of the table file: seats, the shoe, the log key, each unset token', () => {
    const { serial: _, ...noShoe } = table({ seats: 9, store: { path: join(folder, 'k.db'), keyEnv: 'T_NO_LOG_KEY' } });
    const { problems, ruleSet } = checkTable({ ...noShoe, demo: false }, {});
    expect(ruleSet?.rules.name).toBe('deluxe');
    expect(problems.map((p) => p.split(':')[0])).toEqual(['seats', 'serial', 'store.keyEnv', 'roles.dealer.dealer-1', 'roles.supervisor.pit-1']);
    expect(problems[3]).toContain('T_DEALER_TOKEN is not set');
    expect(problems[4]).toContain('T_PIT_TOKEN is not set');
    expect(() => validateTable({ ...noShoe, demo: false }, {})).toThrow(problems.join('\n'));
  });

  test('no shoe: refused unless the table says demo: true, or --serial gives the device', () => {
    const { serial: _, ...noShoe } = table();
    expect(checkTable({ ...noShoe, demo: false }, env).problems).toEqual([
      'serial: no shoe is configured and the table file does not say demo: true; give the shoe\'s device (serial: { path: /dev/serial/by-id/… } in the table file, or --serial PATH), or set demo: true to deal from the emulated shoe with bot players',
    ]);
    expect(checkTable({ ...noShoe, demo: true }, env).problems).toEqual([]);
    expect(checkTable({ ...noShoe, demo: false }, env, { serialPath: '/dev/ttyUSB0' }).problems).toEqual([]);
  });

  test('demo defaults to false: a table file that does not mention it is not a demo', () => {
    expect(tableConfigSchema.parse({ id: 't', rules: 'six-deck', roles: {} }).demo).toBe(false);
  });

  test('the settlement feed: its secret\'s variable unset and JetStream without nats: are one line each, in the file\'s order', () => {
    const feed = { webhook: { url: 'https://wallet.example/feed', secretEnv: 'T_FEED_SECRET' }, jetstream: { subject: 'wallet.t1' } };
    const { problems } = checkTable(table({ feed }), env);
    expect(problems).toEqual([
      'feed.webhook.secretEnv: environment variable T_FEED_SECRET is not set (it holds the secret the webhook\'s requests are signed with: export it in the service\'s environment, e.g. an EnvironmentFile of the systemd unit)',
      'feed.jetstream: the table has no nats: { url } to publish on; add the floor\'s NATS to the table file (or NATS_URL), or remove feed.jetstream',
    ]);
    expect(checkTable(table({ feed, nats: { url: 'nats://floor:4222' } }), { ...env, T_FEED_SECRET: 'a-secret' }).problems).toEqual([]);
    // Before the tokens: the file's order (feed comes before roles).
    expect(checkTable(table({ feed: { webhook: feed.webhook } }), {}).problems.map((p) => p.split(':')[0])).toEqual(['feed.webhook.secretEnv', 'roles.dealer.dealer-1', 'roles.supervisor.pit-1']);
  });

  test('the settlement feed\'s settings: a target is needed, an http(s) address, defaults for the rest', () => {
    const parsed = table({ feed: { webhook: { url: 'http://127.0.0.1:9000/feed', secretEnv: 'T_FEED_SECRET' } } }).feed;
    expect(parsed).toEqual({ webhook: { url: 'http://127.0.0.1:9000/feed', secretEnv: 'T_FEED_SECRET', timeoutMs: 10_000, maxBackoffMs: 60_000 }, undeliveredAlarmSeconds: 60 });
    expect(() => table({ feed: { undeliveredAlarmSeconds: 30 } })).toThrow(/give webhook: \{ url, secretEnv \} or jetstream: \{ subject \}, or both/);
    expect(() => table({ feed: { webhook: { url: 'ftp://wallet.example', secretEnv: 'S' } } })).toThrow(/an http:\/\/ or https:\/\/ address/);
    expect(() => table({ feed: { jetstream: { subject: 'wallet.*' } } })).toThrow(/a NATS subject of plain tokens/);
  });
});
