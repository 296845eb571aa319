// `shoe recall` on a log whose open round holds every kind of note beside its facts (src/app/audit/log-notes.ts):
// each step is told in words, the command exits 0 and no line is left blank or says "undefined"; a note or a
// fact of a kind this version does not know (a newer version's log) is told as it is.
import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { LogNotePayloads, NoteType } from '../../../src/app/audit/log-notes.js';
import { recallCommand } from '../../../src/cli/log-commands.js';
import type { CommandArgs, OptionSpecs } from '../../../src/cli/command-spec.js';
import { ROUND_AT_A_DECISION } from '../../support/round-at-a-decision.js';

/** One of every note kind (a kind missing here is a compile error) and the words recall must print for it. */
const NOTES: { readonly [K in NoteType]: readonly [LogNotePayloads[K], string] } = {
  'command.refused': [{ path: '/api/pause', reason: 'no credential', by: 'x' }, 'Command refused (/api/pause): no credential.'],
  'link.state': [{ state: 'closed', previous: 'up', reason: 'closed by the application' }, 'Shoe link closed (was up): closed by the application.'],
  'link.handshake': [{ serialNumber: 'EMU-0001', firmwareVersion: '1.0.0', protocolVersion: 2, deckCount: 6, initiatedBy: 'controller' }, 'Shoe link handshake: shoe EMU-0001, firmware 1.0.0, protocol 2, 6 decks.'],
  'link.counters': [{ crcErrors: 2, retransmissions: 0, naksSent: 1 }, 'Shoe link counters: crcErrors 2, naksSent 1.'],
  'link.incident': [{ kind: 'gap', detail: 'shoe seq 9 after 7' }, 'Shoe link sequence incident while one is open (gap): shoe seq 9 after 7.'],
  'shoe.message': [{ shoeSeq: 12, message: { type: 'STATUS' } }, 'Shoe message STATUS (shoe seq 12): no table input.'],
  'integrity.shuffle': [{ kind: 'repeatedRun', text: 'a run of 8 cards repeats the previous shoe' }, 'Shuffle alarm (repeatedRun): a run of 8 cards repeats the previous shoe.'],
  'log.storage-recovered': [{ fault: 'disk full', by: 'supervisor-1', since: '2026-01-01T00:00:00.000Z', refused: 12 }, 'Log takes writes again after a storage fault (disk full): halted since 2026-01-01T00:00:00.000Z, 12 inputs refused meanwhile.'],
  'log.behind-shoe': [{ shoe: 'EMU-0001', problem: 'the shoe has sent 40 events the log lacks' }, 'Log behind the shoe EMU-0001: the shoe has sent 40 events the log lacks.'],
  'log.accepted-behind-anchor': [{ by: 'ops-1', reason: 'restored from backup' }, 'Started on a log behind its anchor, accepted by ops-1: restored from backup.'],
  'log.anchoring-started': [{ file: 'demo-1.db.anchors' }, 'Anchoring started (demo-1.db.anchors).'],
  'feed.delivered': [{ target: 'webhook', id: 'demo-1:40:1', seq: 40, round: 1, count: 3 }, 'Settlement feed (webhook): delivered through transaction demo-1:40:1 (3 since the last note).'],
};

function recallArgs(db: string): CommandArgs<OptionSpecs> {
  return { command: 'recall', positional: [db], options: new Map([['last', '3'], ['format', 'text']]), flags: new Set(), values: { last: 3, format: 'text' } as unknown as CommandArgs<OptionSpecs>['values'] };
}

describe('shoe recall on a round with notes beside its facts', () => {
  test('every note kind is told in words; the open round is printed; exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recall-notes-'));
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
    const service = await TableService.open({ tableId: 'demo-1', rules, rulesId, store, clock: steppingClock() });
    for (const input of ROUND_AT_A_DECISION) await service.submit(input, { source: 'shoe', by: 'shoe' });
    for (const [type, [payload]] of Object.entries(NOTES)) await service.recordNote(type as NoteType, payload as never);
    // A note kind a newer version might write: told as it is, not a crash.
    await service.recordNote('link.quality' as NoteType, { snr: 12 } as never);
    service.close();
    // And a fact a newer version might write: told as it is, not left out.
    const head = await store.head('demo-1');
    await store.append('demo-1', [{ type: 'card.glowed', data: { seat: 1 }, round: 1, monoTime: 0, wallTime: '2026-01-01T00:00:00.000Z', rulesId }], { expectedVersion: head.version });
    await store.close();

    const lines: string[] = [];
    const code = await recallCommand(recallArgs(join(dir, 'demo-1.db')), (line) => lines.push(line));
    expect(code).toBe(0);
    expect(lines[0]).toBe('== demo-1 round 1 ==');
    const steps = lines.slice(1).map((line) => line.replace(/^\S+ #\d+ /, ''));
    for (const [, words] of Object.values(NOTES)) expect(steps, 'a note is told without a sender').toContain(words);
    expect(steps).toContain('Note link.quality, unknown to this version: {"snr":12}.');
    expect(steps).toContain('Fact card.glowed, unknown to this version: {"seat":1}. [shoe]');
    expect(steps.some((s) => /^Seat 1 hand \d+ to act\. \[shoe\]$/.test(s)), 'a fact keeps its sender').toBe(true);
    for (const line of lines) expect(line).not.toMatch(/undefined|\[object|^\S+ #\d+ $/);
    expect(lines.at(-1)).toMatch(/^\(round 1 has not ended on this log: its bets are not settled/);
  });

  test('a round stopped during betting with a bet on it is recalled, and said not to have ended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recall-betting-'));
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
    const service = await TableService.open({ tableId: 'demo-1', rules, rulesId, store, clock: steppingClock() });
    for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }, { type: 'bet', seat: 2, player: 'ann', amount: 1000 }] as const) await service.submit(input, { source: 'api', by: 'gs' });
    service.close();
    await store.close();
    const lines: string[] = [];
    expect(await recallCommand(recallArgs(join(dir, 'demo-1.db')), (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toBe('== demo-1 round 1 ==');
    expect(lines.some((l) => l.endsWith('ann bets 10.00 (main) on seat 2. [gs]'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\(round 1 has not ended on this log/);
  });
});
