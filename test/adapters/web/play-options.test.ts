// What the players' page may offer (GET /api/play/options): the rule set's bet kinds while betting is
// open, and exactly the decisions the round machine would accept from the awaited box — per rule set.
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { playOptions } from '../../../src/round/play-options.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { TOKENS, config } from './support/table-fixture.js';
import { webTable } from './support/web-fixture.js';

const api = { source: 'api' as const, by: 'online-gs' };

async function tableOf(rulesName: string): Promise<TableService> {
  const { rules, rulesId } = loadRuleSet(rulesName);
  return TableService.open({ tableId: `options-${rulesName}`, rules, rulesId, store: new MemoryEventStore(), clock: steppingClock() });
}

async function play(service: TableService, inputs: readonly (TableInput | string)[]): Promise<void> {
  for (const item of inputs) {
    const input: TableInput = typeof item === 'string' ? { type: 'card', card: item } : item;
    const result = await service.submit(input, input.type === 'card' || input.type === 'shoe.loaded' ? { source: 'shoe' } : api);
    expect(result.rejected, JSON.stringify(input)).toBeUndefined();
  }
}

const bet = (seat: number, player: string, amount = 1000, kind?: string): TableInput => ({ type: 'bet', seat, player, amount, ...(kind ? { kind } : {}) });
const NEW_SHOE: TableInput = { type: 'shoe.loaded' };
const CLOSE: TableInput = { type: 'betting.closed' };

describe('play options', () => {
  test('six-deck: bets while betting is open; then exactly the legal decisions of the hand in turn', async () => {
    const service = await tableOf('six-deck');
    expect(playOptions(service)).toMatchObject({ betting: false, betKinds: ['main'], awaiting: null, actions: [] });
    await play(service, [NEW_SHOE, '5D']);
    expect(playOptions(service)).toEqual({
      betting: true, betKinds: ['main'], limits: { min: 100, max: 100000, sideMin: 100, sideMax: 10000 },
      awaiting: null, actions: [], followers: [], amounts: {},
    });
    // A pair of eights against a 9 (no peek): everything but switch.
    await play(service, [bet(1, 'ana'), CLOSE, '8H', '9C', '8D', '7S']);
    expect(playOptions(service)).toMatchObject({ betting: false, awaiting: { kind: 'play', seat: 1, hand: 0, owner: 'ana' }, actions: ['hit', 'stand', 'double', 'split', 'surrender'], amounts: {} });
    await play(service, [{ type: 'decision', seat: 1, action: 'split' }]);
    expect(playOptions(service)).toMatchObject({ awaiting: null, actions: [] }); // a card is due to hand 0
    await play(service, ['AH']);
    // six-deck: no double with an ace; no surrender after a split.
    expect(playOptions(service)).toMatchObject({ awaiting: { seat: 1, hand: 0 }, actions: ['hit', 'stand'] });
  });

  test('six-deck against an ace: insurance or not, at half the stake (no amount to choose)', async () => {
    const service = await tableOf('six-deck');
    await play(service, [NEW_SHOE, '5D', bet(2, 'ben', 2000), CLOSE, 'TH', 'AC', '9H', '7S']);
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'offer', seat: 2, hand: 0, owner: 'ben' }, actions: ['insurance', 'noInsurance'], amounts: {} });
  });

  test('european: partial insurance and even money against an ace; double for less', async () => {
    const service = await tableOf('european');
    await play(service, [NEW_SHOE, '5D', bet(1, 'ana', 3000), bet(2, 'ben', 2000), CLOSE, 'AH', 'TS', 'AC', 'KH', '6S']);
    // Seat 1 holds a blackjack: even money, not insurance (withBlackjack: false).
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'offer', seat: 1 }, actions: ['noInsurance', 'evenMoney'], amounts: {} });
    await play(service, [{ type: 'decision', seat: 1, action: 'noInsurance' }]);
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'offer', seat: 2 }, actions: ['insurance', 'noInsurance'], amounts: { insurance: { min: 1, max: 1000 } } });
    await play(service, [{ type: 'decision', seat: 2, action: 'noInsurance' }]);
    // Seat 2's 10 + 6 against the ace: no surrender against an ace; double for 1.00 up to the stake.
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'play', seat: 2, hand: 0 }, actions: ['hit', 'stand', 'double'], amounts: { double: { min: 100, max: 2000 } } });
  });

  test('switch: two hands a box, switch offered until another action; Super Match is a bet kind', async () => {
    const service = await tableOf('switch');
    expect(playOptions(service).betKinds).toEqual(['main', 'superMatch']);
    await play(service, [NEW_SHOE, '5D', bet(1, 'ana'), CLOSE, 'TH', '6C', '9C', '5S', 'TD', '7S']);
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'play', seat: 1, hand: 0 }, actions: ['hit', 'stand', 'double', 'switch'] });
    await play(service, [{ type: 'decision', seat: 1, action: 'stand' }]);
    expect(playOptions(service)).toMatchObject({ awaiting: { seat: 1, hand: 1 }, actions: ['hit', 'stand', 'double'] });
  });

  test('deluxe: bet behind and Pairs are bet kinds; a player betting behind may follow while the box plays', async () => {
    const service = await tableOf('deluxe');
    expect(playOptions(service).betKinds).toEqual(['main', 'behind', 'pairs']);
    await play(service, [NEW_SHOE, '2S', '3S', '4S', bet(1, 'ana'), bet(1, 'cy', 500, 'behind'), CLOSE, '8H', '9C', '8D', '7S']);
    expect(playOptions(service)).toMatchObject({ awaiting: { kind: 'play', seat: 1 }, actions: ['hit', 'stand', 'double', 'split', 'surrender'], followers: ['cy'] });
  });

  test('GET /api/play/options: the game server only; a wrong token is refused with its reason and recorded', async () => {
    const web = await webTable();
    try {
      const ask = (token: string) => web.app.inject({ method: 'GET', url: '/api/play/options', headers: { authorization: `Bearer ${token}` } });
      const allowed = await ask(TOKENS.gameServer);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ betting: false, betKinds: ['main'], awaiting: null });
      expect((await ask(TOKENS.dealer)).statusCode).toBe(403);
      const wrong = await ask('wrong-token-123');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown credential/) });
      const refused = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused');
      expect(refused.map((e) => e.data['path'])).toEqual(['/api/play/options', '/api/play/options']);
    } finally {
      await web.close();
    }
  });

  test('the pages\' favicon and /favicon.ico are served', async () => {
    const app = createTableWebServer({ service: await tableOf('six-deck'), store: new MemoryEventStore(), config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    await app.close();
  });
});
