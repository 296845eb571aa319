// The keyed chain (ADR 0004): the log key comes from the environment variable the table file names (like tokenEnv).
import { describe, expect, test } from 'vitest';
import { logKeyOf } from '../../src/config/log-key.js';
import { TableConfigError, parseTableConfig } from '../../src/config/table-config.js';
import { chainMac, macMatches } from '../../src/log/chain-mac.js';

const config = (store: Record<string, unknown>) => parseTableConfig({ id: 't1', rules: 'six-deck', store, roles: {} }, 't1.yaml');

describe('the log key', () => {
  test('no keyEnv: no key (an unkeyed table)', () => {
    expect(logKeyOf(config({}), { SHOE_LOG_KEY: 'x'.repeat(40) })).toBeUndefined();
  });

  test('keyEnv names the variable; unset or too short is an error naming the field', () => {
    expect(() => logKeyOf(config({ keyEnv: 'SHOE_LOG_KEY' }), {})).toThrow(new TableConfigError('store.keyEnv: environment variable SHOE_LOG_KEY is not set'));
    expect(() => logKeyOf(config({ keyEnv: 'SHOE_LOG_KEY' }), { SHOE_LOG_KEY: 'short' })).toThrow(/store\.keyEnv \(SHOE_LOG_KEY\): the log key must be at least 32 characters/);
    expect(() => config({ keyEnv: 'lower-case' })).toThrow(/store\.keyEnv/);
  });

  test('the MAC is HMAC-SHA256(key, hash) in hex (a published vector)', () => {
    const key = logKeyOf(config({ keyEnv: 'MY_KEY' }), { MY_KEY: '0123456789abcdef0123456789abcdef' })!;
    const hash = '7a1d0224aeac1d353dfcf60c5ab0eba4d8e3b17cdf21c6ffd2f6ed0df12818f5';
    const mac = chainMac(key, hash);
    // `echo -n <hash> | openssl dgst -sha256 -hmac 0123456789abcdef0123456789abcdef`
    expect(mac).toBe('f0408665b918c1d47974e9fc217e0694c0834050b8f2aa803a818a4184e0952f');
    expect(macMatches(key, hash, mac)).toBe(true);
    expect(macMatches(key, hash.replace('7', '8'), mac)).toBe(false);
    expect(macMatches(Buffer.from('another key, just as long as the first one'), hash, mac)).toBe(false);
  });
});
