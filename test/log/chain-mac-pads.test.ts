// The MAC is computed from the key's prepared pads (chain-mac.ts) for speed; it must be the very
// HMAC-SHA256 that createHmac (and openssl, and an auditor's library) computes, for every key length.
import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainMac, macMatches } from '../../src/log/chain-mac.js';

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'latin1').digest('hex');

describe('the MAC from prepared pads', () => {
  it('equals createHmac for keys shorter than, as long as and longer than the 64-byte block', () => {
    for (const length of [32, 63, 64, 65, 100, 200]) {
      const key = randomBytes(length);
      for (let i = 0; i < 20; i++) {
        const hash = randomBytes(32).toString('hex');
        expect(chainMac(key, hash)).toBe(hmac(key, hash));
        expect(macMatches(key, hash, hmac(key, hash))).toBe(true);
      }
    }
  });

  it('property: equals createHmac for any key and any text, 64 characters or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 150 }), fc.oneof(fc.string({ minLength: 64, maxLength: 64 }), fc.string()), (bytes, text) => {
        const key = Buffer.from(bytes);
        expect(chainMac(key, text)).toBe(hmac(key, text));
      }),
      { numRuns: 300 },
    );
  });

  it('a MAC differing in one character, or of another length, does not match', () => {
    const key = randomBytes(40);
    const hash = randomBytes(32).toString('hex');
    const mac = chainMac(key, hash);
    for (let i = 0; i < 64; i += 7) {
      const wrong = mac.slice(0, i) + (mac[i] === '0' ? '1' : '0') + mac.slice(i + 1);
      expect(macMatches(key, hash, wrong)).toBe(false);
    }
    expect(macMatches(key, hash, mac.slice(1))).toBe(false);
    expect(macMatches(key, hash, `${mac}0`)).toBe(false);
  });
});
