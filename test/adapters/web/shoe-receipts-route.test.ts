// The removed shoes and their stub counts over HTTP (docs/procedures.md, "Missing cards"; docs/web-api.md): a
// shoe changed between rounds is listed in the supervisor's view (GET /api/views/supervisor, supervisor only),
// POST /api/supervisor/count-stub records the stub counted by hand, the view shows the cards missing and the
// alarm, and a second count of the same shoe is refused with its reason in words.
import { afterEach, describe, expect, test } from 'vitest';
import type { SupervisorView } from '../../../src/app/displays/supervisor-projection.js';
import { COMMAND_PATHS, viewPath } from '../../../src/adapters/web/route-paths.js';
import { TOKENS, loadShoe } from './support/table-fixture.js';
import { webTable, type WebTable } from './support/web-fixture.js';

let web: WebTable;
afterEach(async () => web?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function post(path: string, body: unknown, token: string = TOKENS.supervisor) {
  const response = await web.app.inject({ method: 'POST', url: path, headers: auth(token), payload: JSON.stringify(body) });
  return { status: response.statusCode, answer: response.json() as { ok: boolean; reason?: string; code?: string } };
}

async function supervisorView(token: string = TOKENS.supervisor): Promise<{ status: number; view: SupervisorView }> {
  const response = await web.app.inject({ method: 'GET', url: viewPath('supervisor'), headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, view: response.json() as SupervisorView };
}

describe('the Shoes section\'s data and the stub count over HTTP', () => {
  test('a shoe changed between rounds is listed; its stub counted short shows the cards missing and raises the alarm; twice is refused', async () => {
    web = await webTable();
    await web.service.submit({ type: 'receipts.configured', on: true }, { source: 'system', by: 'controller' });
    await loadShoe(web.service);
    expect((await post(COMMAND_PATHS.shoeChange, { reason: 'end of shift' })).status).toBe(200);

    const before = await supervisorView();
    expect(before.status).toBe(200);
    expect(before.view.shoes).toEqual([expect.objectContaining({ shoe: 1, removal: 'shoeChange', loaded: 312, drawn: 1, burned: 1, left: 311, stubCount: null })]);
    // Only the supervisor reads it.
    expect((await supervisorView(TOKENS.dealer)).status).toBe(403);

    expect(await post(COMMAND_PATHS.countStub, { stub: 309, shoe: 1 })).toMatchObject({ status: 200, answer: { ok: true } });
    const log = await web.eventsAfter(0);
    expect(log.find((e) => e.type === 'shoe.stubCounted')?.data).toEqual({ round: 1, shoe: 1, stub: 309, left: 311, missing: 2, by: 'super-sam' });
    const after = (await supervisorView()).view;
    expect(after.shoes[0]?.stubCount).toMatchObject({ stub: 309, missing: 2, by: 'super-sam' });
    expect(after.alarms.filter((a) => a.kind === 'shoeAnomaly').map((a) => a.text)).toEqual(['shoe 1 stub: 2 missing — look for them on the floor, the table and the discards']);

    const again = await post(COMMAND_PATHS.countStub, { stub: 311 });
    expect(again).toMatchObject({ status: 409, answer: { ok: false, code: 'stubAlreadyCounted', reason: 'the stub of shoe 1 is already counted' } });
    expect((await post(COMMAND_PATHS.countStub, { stub: 311 }, TOKENS.dealer)).status).toBe(403);
    expect((await post(COMMAND_PATHS.countStub, { stub: -3 })).status).toBe(400);
  });
});
