// A full 7-seat table with long hands for the pages' layout tests: the european rule set (7 seats, up to
// 3 players a box, no hole card, unlimited cards a hand), an in-memory log, the web server listening on
// 127.0.0.1:0, and a scripted round: every box is taken by a player with a long name (box 1 by three
// players at the table maximum), seats 1–6 draw to seven cards, seat 7 splits eights and draws both hands
// to five cards; the dealer (6, T, 8) busts, so every hand shows a win.
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { MemoryEventStore } from '../../../../src/adapters/store/memory-event-store.js';
import { realClock } from '../../../../src/adapters/clock/real-clock.js';
import { createTableWebServer } from '../../../../src/composition/table-web-server.js';
import { loadRuleSet } from '../../../../src/config/load-rule-set.js';
import { parseTableConfig } from '../../../../src/config/table-config.js';
import { TableService } from '../../../../src/app/table/table-service.js';
import type { TableInput } from '../../../../src/round/inputs.js';
import { ROLES } from './table-fixture.js';
import { DECISION_SECONDS, type WebTable } from './web-fixture.js';

export const SEVEN_SEAT_TABLE = 'floor-7';
export const SEATS = [1, 2, 3, 4, 5, 6, 7] as const;
const api = { source: 'api' as const, by: 'online-gs' };
const shoe = { source: 'shoe' as const };

export const OWNERS = ['Maximilian-Alexander', 'Bartholomew Featherstonehaugh', 'Genoveva Wolkenstein', 'Anastasia Papadopoulou', 'Jean-Baptiste Lefebvre', 'Oluwaseun Adebayo-Smith', 'Xiomara Villavicencio'];

/**
 * The seven-seat table of the enclosing describe block's tests: opened and brought to a state by `play`
 * before them, closed after them. The table, once they run.
 */
export function sevenSeatTableFor(play: (service: WebTable['service']) => Promise<void>): () => WebTable {
  let web: WebTable | undefined;
  beforeAll(async () => {
    web = await sevenSeatTable();
    await play(web.service);
  });
  afterAll(async () => web?.close());
  return () => web as WebTable;
}

/** A listening web server over a fresh european (7-seat) table on the system clock. */
export async function sevenSeatTable(): Promise<WebTable> {
  const { rules, rulesId } = loadRuleSet('european');
  const config = parseTableConfig({ id: SEVEN_SEAT_TABLE, rules: 'european', roles: ROLES }, 'test');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: SEVEN_SEAT_TABLE, rules, rulesId, store, clock: realClock() });
  const app = createTableWebServer({ service, store, config, decisionSeconds: DECISION_SECONDS, logger: pino({ level: 'silent' }) });
  await app.ready();
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app, store, service, url,
    eventsAfter: async (seq) => store.read(SEVEN_SEAT_TABLE, { from: seq + 1 }),
    close: async () => {
      await app.close();
      service.close();
      await store.close();
    },
  };
}

type Service = WebTable['service'];

async function submit(service: Service, input: TableInput): Promise<void> {
  const isShoe = input.type === 'card' || input.type === 'shoe.loaded';
  const result = await service.submit(input, isShoe ? shoe : api);
  if (result.rejected !== undefined) throw new Error(`scripted input refused: ${JSON.stringify(input)}: ${result.rejected}`);
}

const card = (c: string): TableInput => ({ type: 'card', card: c });
const SUITS = ['S', 'H', 'D', 'C'];
const suitOf = (seat: number) => SUITS[seat % 4]!;

/** A new shoe and a bet on every seat (three players on box 1): betting is open. */
export async function betOnSevenBoxes(service: Service): Promise<void> {
  await submit(service, { type: 'shoe.loaded' });
  await submit(service, card('5D'));
  for (const seat of SEATS) await submit(service, { type: 'bet', seat, player: OWNERS[seat - 1]!, amount: seat === 1 ? 40_000 : 10_000 * seat });
  await submit(service, { type: 'bet', seat: 1, player: 'Konstantinos Triantafyllou', amount: 30_000 });
  await submit(service, { type: 'bet', seat: 1, player: 'Wilhelmina Oppenheimer', amount: 30_000 });
}

/** betOnSevenBoxes, betting closed, the initial deal: seats 1–6 hold 2 and 3, seat 7 a pair of eights, the
 *  dealer's up card is a 6 (no hole card). Seat 1 is in turn. */
export async function dealSevenBoxes(service: Service): Promise<void> {
  await betOnSevenBoxes(service);
  await closeBettingAndDeal(service);
}

/** After betOnSevenBoxes: betting closed and the initial deal of dealSevenBoxes. */
export async function closeBettingAndDeal(service: Service): Promise<void> {
  await submit(service, { type: 'betting.closed' });
  for (const seat of SEATS) await submit(service, card(seat === 7 ? '8S' : `2${suitOf(seat)}`));
  await submit(service, card('6C'));
  for (const seat of SEATS) await submit(service, card(seat === 7 ? '8H' : `3${suitOf(seat)}`));
}

/** Seats 1–6: five hits (A 2 4 A 3: 2 3 A 2 4 A 3 = 16, never 21 on the way), then stand. */
export async function playSeatToSevenCards(service: Service, seat: number): Promise<void> {
  const suit = suitOf(seat);
  for (const c of ['A', '2', '4', 'A', '3']) {
    await submit(service, { type: 'decision', seat, action: 'hit' });
    await submit(service, card(`${c}${suit}`));
  }
  await submit(service, { type: 'decision', seat, action: 'stand' });
}

/** Seat 7 splits its eights; each hand gets a 3, then 2, A, 2 (16 in five cards) and stands. */
export async function playSplitSeat(service: Service): Promise<void> {
  await submit(service, { type: 'decision', seat: 7, action: 'split' });
  for (const suit of ['D', 'C']) {
    await submit(service, card(`3${suit}`));
    for (const c of ['2', 'A', '2']) {
      await submit(service, { type: 'decision', seat: 7, action: 'hit' });
      await submit(service, card(`${c}${suit}`));
    }
    await submit(service, { type: 'decision', seat: 7, action: 'stand' });
  }
}

/** The whole round: every seat's long hand, then the dealer's 6 T 8 (bust): every hand wins. */
export async function playLongRound(service: Service): Promise<void> {
  await dealSevenBoxes(service);
  for (const seat of SEATS.slice(0, 6)) await playSeatToSevenCards(service, seat);
  await playSplitSeat(service);
  for (const c of ['TD', '8C']) await submit(service, card(c));
}

/** Seats 1–6 at seven cards, seat 7 split: hand 1 stood on five cards, hand 2 (8 3 2 A) deciding. */
export async function longHandsSeatSevenDeciding(service: Service): Promise<void> {
  await dealSevenBoxes(service);
  await longHandsAfterDeal(service);
}

/** After dealSevenBoxes: seats 1–6 to seven cards, seat 7 split, hand 2 (8 3 2 A) deciding. */
export async function longHandsAfterDeal(service: Service): Promise<void> {
  for (const seat of SEATS.slice(0, 6)) await playSeatToSevenCards(service, seat);
  await submit(service, { type: 'decision', seat: 7, action: 'split' });
  await submit(service, card('3D'));
  for (const c of ['2D', 'AD', '2D']) {
    await submit(service, { type: 'decision', seat: 7, action: 'hit' });
    await submit(service, card(c));
  }
  await submit(service, { type: 'decision', seat: 7, action: 'stand' });
  await submit(service, card('3C'));
  for (const c of ['2C', 'AC']) {
    await submit(service, { type: 'decision', seat: 7, action: 'hit' });
    await submit(service, card(c));
  }
}

/** Two faults open at once: a card out of turn (the K♠ while seat 7 decides) and a jammed shoe. */
export async function openTwoFaults(service: Service): Promise<void> {
  await service.submit(card('KS'), shoe);
  await service.submit({ type: 'shoe.fault', fault: 'jam', detail: 'draw 61' }, shoe);
}

/** After longHandsAfterDeal: seat 7's second hand draws a 2 and stands (16), the dealer's T 8 busts. */
export async function finishSplitRound(service: Service): Promise<void> {
  await submit(service, { type: 'decision', seat: 7, action: 'hit' });
  await submit(service, card('2C'));
  await submit(service, { type: 'decision', seat: 7, action: 'stand' });
  for (const c of ['TD', '8C']) await submit(service, card(c));
}
