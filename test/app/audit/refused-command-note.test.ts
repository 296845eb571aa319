// `command.refused` notes in words, old and new (docs/audit.md, "Refused requests on the log"): recall
// tells a refusal recorded by itself as before, an older log's summary per address as it is (its `by`
// was only the first credential seen), and a window's summary for the whole table with what it counts;
// the supervisor's log page puts the summary in the reader's language from its code.
import { afterEach, describe, expect, test } from 'vitest';
import { describeNote } from '../../../src/app/audit/recall-story.js';
import type { LogNote } from '../../../src/app/audit/log-notes.js';
import { factWords } from '../../../src/adapters/web/pages/log-words.js';
import { setLanguage } from '../../../src/adapters/web/pages/i18n.js';
import { RefusalSummary } from '../../../src/adapters/web/refusal-summary.js';

afterEach(() => setLanguage('en'));

const note = (data: object): LogNote => ({ type: 'command.refused', ...data }) as LogNote;

/** A summary as this version writes it: 2 refusals with no credential, 1 from online-1, from two addresses. */
function summary(): Record<string, unknown> {
  const counted = new RefusalSummary(100);
  counted.add({ path: '/api/bets', code: 'missingCredentialHeader', client: '10.0.0.1', bodyBytes: 5 }, 'none');
  counted.add({ path: '/api/bets', code: 'missingCredentialHeader', client: '10.0.0.2', bodyBytes: 5 }, 'none');
  counted.add({ path: '/api/decisions', code: 'malformedCommand', by: 'online-1', client: '10.0.0.1', bodyBytes: 9 }, 'known');
  return counted.record({ since: Date.UTC(2026, 0, 1, 10), until: Date.UTC(2026, 0, 1, 10, 0, 10), seconds: 10, recorded: 8 });
}

describe('recall', () => {
  test('a refusal recorded by itself: as before', () => {
    expect(describeNote(note({ path: '/api/pause', reason: 'unknown credential', code: 'unknownCredential', params: {}, client: '10.0.0.1', bodyBytes: 0 })))
      .toBe('Command refused (/api/pause): unknown credential.');
  });

  test('an older log\'s summary per address: its address, counts and the first credential it saw, said as such', () => {
    const old = { path: '/api/bets', reason: '295 more refused in 10 s: missing credential: send "Authorization: Bearer <token>"', by: 'online-1', client: '127.0.0.1', bodyBytes: 4_000, count: 295,
      paths: { '/api/bets': 295 }, reasons: { 'missing credential: send "Authorization: Bearer <token>"': 295 }, codes: { missingCredentialHeader: 295 },
      since: '2025-06-01T10:00:00.000Z', until: '2025-06-01T10:00:09.000Z' };
    expect(describeNote(note(old))).toBe('Refusals counted 2025-06-01T10:00:00.000Z to 2025-06-01T10:00:09.000Z from 127.0.0.1: 295 more refused in 10 s: missing credential: send "Authorization: Bearer <token>"; '
      + 'first credential seen: online-1; routes: /api/bets 295; codes: missingCredentialHeader 295.');
  });

  test('a window\'s summary for the whole table: what it counts, the known credentials only, routes, codes and addresses', () => {
    expect(describeNote(note(summary()))).toBe('Refusals counted 2026-01-01T10:00:00.000Z to 2026-01-01T10:00:10.000Z: '
      + '3 more requests refused in 10 s (without a credential: 2, with an unknown one: 0, with a known one: 1); credentials: online-1 1; '
      + 'routes: /api/bets 2, /api/decisions 1; codes: missingCredentialHeader 2, malformedCommand 1; 2 addresses: 10.0.0.1 2, 10.0.0.2 1; 8 recorded one by one in the window.');
  });
});

describe('the supervisor\'s log page', () => {
  test('a summary in English and in Russian, from its code', () => {
    expect(factWords('command.refused', summary())).toBe('Refusals counted: 3 more requests refused in 10 s (without a credential: 2, with an unknown one: 0, with a known one: 1)');
    setLanguage('ru');
    expect(factWords('command.refused', summary())).toBe('Отказы подсчитаны: ещё 3 запроса отклонены за 10 с (без токена: 2, с неизвестным токеном: 0, с известным: 1)');
  });

  test('an older log\'s summary: its sentence as written; a refusal by itself as before', () => {
    expect(factWords('command.refused', { path: '/api/bets', reason: '295 more refused in 10 s: unknown credential', count: 295 })).toBe('Refusals counted: 295 more refused in 10 s: unknown credential');
    expect(factWords('command.refused', { path: '/api/bets', reason: 'unknown credential', code: 'unknownCredential', params: {} })).toBe('Command refused: unknown credential');
  });
});
