// The public projection of whole rounds: never the hole card before the reveal, never a burn card,
// never the peek result; seats, cards, totals and results as the round went.
import { describe, expect, test } from 'vitest';
import { firstValueFrom, from as fromItems, lastValueFrom, take, toArray } from 'rxjs';
import { publicView$, type PublicView } from '../../../src/app/displays/public-projection.js';
import { tableLog$ } from '../../../src/app/displays/table-log.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { publicFact, NO_HOLE_CARD } from '../../../src/app/displays/public-redaction.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { BURN_CARD, HOLE_CARD, INITIAL_DEAL, TABLE_ID, deal, loadShoe, openTable, rules } from './support/table-fixture.js';

const gameServer = { source: 'api' as const, by: 'online-gs' };

async function playedRound() {
  const { store, service } = await openTable();
  await loadShoe(service);
  await service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, gameServer);
  await service.submit({ type: 'bet', seat: 2, player: 'ben', amount: 500 }, gameServer);
  await service.submit({ type: 'card', card: 'QQ' }, { source: 'shoe' }); // an unreadable card: input.rejected carries it
  await service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer-ann' });
  await deal(service, INITIAL_DEAL);
  await service.submit({ type: 'decision', seat: 1, action: 'stand' }, gameServer);
  await service.submit({ type: 'decision', seat: 2, action: 'stand' }, gameServer);
  const log = await store.read(TABLE_ID);
  return { store, service, log };
}

function publicViews(log: readonly StoredEvent[]): Promise<PublicView[]> {
  return lastValueFrom(publicView$(fromItems(log), { rules, decisionSeconds: 15, meta: tableMeta(TABLE_ID, rules) }).pipe(toArray()));
}

describe('public projection', () => {
  test('a whole round: the hole card only after dealer.revealed; no burn card, no peek, no rejected input', async () => {
    const { log } = await playedRound();
    expect(log.some((e) => e.type === 'dealer.peeked')).toBe(true);
    expect(log.some((e) => e.type === 'input.rejected')).toBe(true);
    const revealedAt = log.findIndex((e) => e.type === 'dealer.revealed');
    expect(revealedAt).toBeGreaterThan(0);

    let secrecy = NO_HOLE_CARD;
    const facts = log.map((event) => {
      const result = publicFact(event, secrecy);
      secrecy = result.secrecy;
      return { seq: event.seq, fact: result.fact };
    });
    const text = (items: typeof facts) => JSON.stringify(items.map((f) => f.fact));
    const beforeReveal = facts.filter((f) => f.seq < log[revealedAt]!.seq);
    expect(text(beforeReveal)).not.toContain(HOLE_CARD);
    expect(text(facts)).not.toContain(BURN_CARD);
    expect(text(facts)).not.toContain('QQ');
    expect(facts.some((f) => f.fact?.type === ('dealer.peeked' as string))).toBe(false);
    expect(facts.find((f) => f.fact?.type === 'dealer.card' && f.fact.hole)?.fact).toEqual({ type: 'dealer.card', round: 1, card: null, hole: true });
  });

  test('the views sent before the reveal never name the hole card; the last one shows the result', async () => {
    const { log } = await playedRound();
    const views = await publicViews(log);
    // The reveal is the first view of the dealer's turn; the hole card was dealt well before it.
    const holeDealt = views.findIndex((v) => v.table.dealer.holeIndex !== null);
    const firstRevealed = views.findIndex((v) => v.table.stage === 'dealer');
    expect(holeDealt).toBeGreaterThan(0);
    expect(firstRevealed).toBeGreaterThan(holeDealt + 1);
    expect(JSON.stringify(views[firstRevealed])).toContain(HOLE_CARD);
    for (const view of views.slice(0, firstRevealed)) expect(JSON.stringify(view)).not.toContain(HOLE_CARD);
    for (const view of views) {
      expect(JSON.stringify(view)).not.toContain(BURN_CARD);
      expect(JSON.stringify(view)).not.toMatch(/peek/i);
    }
    const last = views.at(-1)!.table;
    expect(last.dealer).toMatchObject({ cards: ['TC', HOLE_CARD], total: 18, finished: true, holeIndex: null });
    const [seat1, seat2] = last.seats;
    expect(seat1!.hands[0]).toMatchObject({ cards: ['TH', '7D'], total: 17, status: 'standing', results: [{ outcome: 'lose', net: -1000, player: 'ana' }] });
    expect(seat2!.hands[0]).toMatchObject({ cards: ['9S', 'KS'], total: 19, status: 'standing', results: [{ outcome: 'win', net: 500, player: 'ben' }] });
    // Betting for round 2 is open; round 1's hands stay up until the next deal.
    expect(last).toMatchObject({ round: 2, stage: 'betting', handsRound: 1 });
  });

  test('a hole card still down shows face down; the dealer shows only the up card total', async () => {
    const { log } = await playedRound();
    const cut = log.findIndex((e) => e.type === 'turn.started');
    const views = await publicViews(log.slice(0, cut + 1));
    const last = views.at(-1)!.table;
    expect(last.dealer).toMatchObject({ cards: ['TC', null], total: 10, holeIndex: 1 });
    expect(last.turn).toEqual({ seat: 1, hand: 0 });
    expect(last.awaiting).toEqual({ kind: 'play', seat: 1, hand: 0 });
    expect(last.countdown?.seconds).toBe(15);
  });

  test('catch-up then live: one view of the table as it is on connect, then one per visible change', async () => {
    const { store, service } = await playedRound();
    const head = service.position;
    const views$ = publicView$(tableLog$(store, TABLE_ID, service), { rules, decisionSeconds: 15, meta: tableMeta(TABLE_ID, rules), head });
    const first = await firstValueFrom(views$);
    expect(first.table).toMatchObject({ round: 2, stage: 'betting' });
    const next = firstValueFrom(views$.pipe(take(2), toArray()));
    await service.submit({ type: 'bet', seat: 3, player: 'cy', amount: 200 }, gameServer);
    const [again, live] = await next;
    expect(again).toEqual(first);
    expect(live!.table.seats[2]!.bets).toEqual([{ player: 'cy', kind: 'main', amount: 200 }]);
  });

  test('an unknown fact type, or one named like an Object member, is dropped', () => {
    const base = { tableId: TABLE_ID, seq: 1, round: 1, monoTime: 0, wallTime: '2026-01-01T00:00:00.000Z', rulesId: 'x', prevHash: '0', hash: '0', data: { card: HOLE_CARD } };
    for (const type of ['shoe.secret', 'constructor', 'toString', 'card.burned', 'dealer.peeked', 'card.setAside', 'input', 'command.refused']) {
      expect(publicFact({ ...base, type }, NO_HOLE_CARD).fact).toBeNull();
    }
  });
});
