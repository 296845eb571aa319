// A table for the web tests: the six-deck rules, an in-memory log, and a scripted round whose hole card
// ("8H") and burn card ("5D") appear nowhere else, so a test can search every message for them.
import { MemoryEventStore } from '../../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../../src/adapters/clock/stepping-clock.js';
import { realClock } from '../../../../src/adapters/clock/real-clock.js';
import { loadRuleSet } from '../../../../src/config/load-rule-set.js';
import { parseTableConfig, type TableConfig } from '../../../../src/config/table-config.js';
import { TableService } from '../../../../src/app/table/table-service.js';
import type { TableInput } from '../../../../src/round/inputs.js';

export const TABLE_ID = 'web-1';
export const HOLE_CARD = '8H';
export const BURN_CARD = '5D';

export const TOKENS = {
  dealer: 'dealer-token-1',
  supervisor: 'supervisor-token-1',
  gameServer: 'game-server-token-1',
  display: 'display-token-1',
} as const;

/** One credential per role, for every test table. */
export const ROLES = {
  dealer: [{ name: 'dealer-ann', token: TOKENS.dealer }],
  supervisor: [{ name: 'super-sam', token: TOKENS.supervisor }],
  'game-server': [{ name: 'online-gs', token: TOKENS.gameServer }],
  display: [{ name: 'wall-screen', token: TOKENS.display }],
};

export const config: TableConfig = parseTableConfig({ id: TABLE_ID, rules: 'six-deck', roles: ROLES }, 'test');

export const { rules, rulesId } = loadRuleSet('six-deck');

export async function openTable(clock: 'stepping' | 'system' = 'stepping'): Promise<{ store: MemoryEventStore; service: TableService }> {
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: TABLE_ID, rules, rulesId, store, clock: clock === 'system' ? realClock() : steppingClock() });
  return { store, service };
}

export const shoe = (card: string): TableInput => ({ type: 'card', card });

/** A new shoe and its burn card: betting opens. */
export async function loadShoe(service: TableService): Promise<void> {
  await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
  await service.submit(shoe(BURN_CARD), { source: 'shoe' });
}

/** The initial deal after two bets (seat 1: TH 7D = 17; seat 2: 9S KS = 19; dealer TC up, 8H in the hole = 18). */
export const INITIAL_DEAL = ['TH', '9S', 'TC', '7D', 'KS', HOLE_CARD];

export async function deal(service: TableService, cards: readonly string[]): Promise<void> {
  for (const card of cards) await service.submit(shoe(card), { source: 'shoe' });
}
