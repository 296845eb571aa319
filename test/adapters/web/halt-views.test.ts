// A table halted on a full disk, as the web server shows it (docs/operations.md, "Storage faults"): the
// dealer's and the supervisor's views carry the halt in words (coded, so the pages say it in their
// language) and tell the dealer to stop — sent at once, though no event reaches the log — while the public
// sees only that the game is paused. A command meanwhile answers 503 with the halt, logged by no one but the
// table; the supervisor's Resume once space is back answers 200 with what it did, not a refusal.
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SupervisorView } from '../../../src/app/displays/supervisor-projection.js';
import type { PublicView } from '../../../src/app/displays/public-projection.js';
import { renderCodedReason } from '../../../src/messages/coded-reason.js';
import { COMMAND_PATHS, viewPath } from '../../../src/adapters/web/route-paths.js';
import { TOKENS } from './support/table-fixture.js';
import { haltedTable as halted, type HaltedTable } from './support/halted-table.js';

let table: HaltedTable | undefined;
afterEach(async () => {
  await table?.close();
  table = undefined;
});

async function haltedTable(): Promise<HaltedTable> {
  table = await halted();
  return table;
}

const get = (app: FastifyInstance, path: string, token?: string) =>
  app.inject({ method: 'GET', url: path, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const post = (app: FastifyInstance, path: string, token: string) =>
  app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });

describe('a halted table on the web', () => {
  test('the staff views show the halt and stop the dealer, at once; the public sees only a pause', async () => {
    const { app, dealerViews } = await haltedTable();
    // No event reached the log, yet the dealer's display was sent the halt.
    const dealer = dealerViews.at(-1)!;
    expect(dealer.instruction).toEqual({ kind: 'halted', text: 'Table halted: stop dealing and call the supervisor' });
    expect(JSON.stringify(dealer)).not.toContain('Card to seat');
    expect(dealer.halt).toMatchObject({ kind: 'storage', code: 'tableHalted', params: { reasonCode: 'logNotWritable' } });
    expect(dealer.halt?.reason).toMatch(/^table halted: the log cannot be written \(\/data\/tables\/web-1\.db: the disk is full .*free disk space .*then press Resume on the supervisor page$/);
    // The pages render it in their language from its code.
    expect(renderCodedReason('ru', dealer.halt!)).toMatch(/^стол остановлен: журнал не записывается \(.*\): .*освободите место на диске .*«Продолжить»/);

    const supervisor = (await get(app, viewPath('supervisor'), TOKENS.supervisor)).json<SupervisorView>();
    expect(supervisor.halt).toEqual(dealer.halt);
    expect(supervisor.instruction.kind).toBe('halted');

    const publicAnswer = await get(app, viewPath('public'));
    const publicView = publicAnswer.json<PublicView>();
    expect(publicView.table).toMatchObject({ paused: true, countdown: null, bettingCountdown: null });
    expect(publicAnswer.body).not.toMatch(/halt|disk|cannot be written|web-1\.db|storage|Resume/i);
  });

  test('a command while halted answers 503 with the halt and logs nothing of its own', async () => {
    const { app, lines } = await haltedTable();
    const before = lines.length;
    const answer = await post(app, COMMAND_PATHS.closeBetting, TOKENS.dealer);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ ok: false, code: 'tableHalted', params: { reasonCode: 'logNotWritable' } });
    expect(lines.slice(before).filter((l) => l.level >= 40)).toEqual([]);
  });

  test('Resume once space is back answers 200 with what it did; the dealer is told the next card again; a second Resume is refused as before', async () => {
    const { app, disk, dealerViews, service } = await haltedTable();
    disk.full = false;
    const answer = await post(app, COMMAND_PATHS.resume, TOKENS.supervisor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, seq: service.position, facts: [], note: { reason: 'the log takes writes again: the table goes on', code: 'storageRecovered', params: {} } });
    expect(dealerViews.at(-1)?.halt).toBeNull();
    expect(dealerViews.at(-1)?.instruction).toMatchObject({ kind: 'cardToSeat', seat: 2 });
    const again = await post(app, COMMAND_PATHS.resume, TOKENS.supervisor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ refused: 'table', code: 'notPaused' });
  });
});
