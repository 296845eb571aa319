// Each way money moves, in a hand-made round (docs/event-log.md, "Transactions"): a double, a split,
// insurance, even money, surrender, bets behind following a double and a split, side bets, switch's two hands,
// a double for less with a co-player, a void after insurance was settled, a void before the deal reached a
// second hand, and cancelled bets. Each transaction is written `type player bet seat/hand amount`, a debit with
// its label (`=d1`), a settlement with the debits it names (`<d1,d2`).
import { describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import type { WalletTransaction } from '../../../src/app/money/wallet-transaction.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { ledgerProblems } from './ledger-invariants.js';

const TABLE = 'kinds-1';

type Step = TableInput | string;

const bet = (seat: number, player: string, amount: number, kind?: string): TableInput => ({ type: 'bet', seat, player, amount, ...(kind ? { kind } : {}) });
const decide = (seat: number, action: string, extra: { player?: string; amount?: number } = {}): TableInput => ({ type: 'decision', seat, action, ...extra });
const CLOSE: TableInput = { type: 'betting.closed' };
const PAUSE: TableInput = { type: 'supervisor', action: 'pause', by: 'sam' };
const VOID: TableInput = { type: 'supervisor', action: 'void', by: 'sam' };

/** Plays `steps` (a string is a card from the shoe) on a new table; every step must be accepted. */
async function play(rulesName: string, steps: readonly Step[]): Promise<{ transactions: WalletTransaction[]; lines: string[] }> {
  const { rules, rulesId } = loadRuleSet(rulesName);
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
  for (const step of steps) {
    const input: TableInput = typeof step === 'string' ? { type: 'card', card: step } : step;
    const result = await service.submit(input, { source: 'api', by: 'gs' });
    expect(result.rejected, JSON.stringify(input)).toBeUndefined();
  }
  service.close();
  const events = await store.read(TABLE);
  const transactions = deriveTransactions(events, { currency: 'EUR' });
  expect(ledgerProblems(events, transactions)).toEqual([]);
  const labels = new Map<string, string>();
  const lines = transactions.map((t) => {
    const head = `${t.type} ${t.player} ${t.bet} ${t.seat}/${t.hand} ${t.amount}`;
    if (t.type === 'debit') {
      labels.set(t.id, `d${labels.size + 1}`);
      return `${head} =${labels.get(t.id)}`;
    }
    return `${head} <${(t.debits ?? []).map((d) => labels.get(d) ?? d).join(',')}`;
  });
  return { transactions, lines };
}

/** A new shoe and its burn card (one burned card; deluxe burns the first card's value more). */
const SHOE: Step[] = [{ type: 'shoe.loaded' }, '5D'];
const DELUXE_SHOE: Step[] = [{ type: 'shoe.loaded' }, 'AD', '3C'];

describe('wallet transactions, one round each', () => {
  test('a double: the added stake is a debit of its own; the win pays stake + net against both', async () => {
    const { lines } = await play('six-deck', [...SHOE, bet(1, 'ana', 1000), CLOSE, '5H', '6C', '6D', '9S', decide(1, 'double'), 'TH', 'TC']);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit ana main 1/0 1000 =d2', 'credit ana main 1/0 4000 <d1,d2']);
  });

  test('a split: the new hand is staked again; each hand settles against its own debit', async () => {
    const { lines } = await play('six-deck', [...SHOE, bet(1, 'ana', 1000), CLOSE, '8H', '6C', '8D', '9S', decide(1, 'split'), 'TH', decide(1, 'stand'), 'TD', decide(1, 'stand'), 'TC']);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit ana main 1/1 1000 =d2', 'credit ana main 1/0 2000 <d1', 'credit ana main 1/1 2000 <d2']);
  });

  test('insurance: a debit when taken; lost, it is still a credit of 0; surrender pays half the stake back', async () => {
    const { lines } = await play('basic', [...SHOE, bet(1, 'ana', 2000), CLOSE, 'TH', 'AC', '6H', '7S', decide(1, 'insurance'), decide(1, 'surrender')]);
    expect(lines).toEqual(['debit ana main 1/0 2000 =d1', 'debit ana insurance 1/0 1000 =d2', 'credit ana insurance 1/0 0 <d2', 'credit ana main 1/0 1000 <d1']);
  });

  test('even money: no debit of its own, the blackjack is paid 1:1 at once', async () => {
    const { lines } = await play('european', [...SHOE, bet(1, 'ana', 1000), CLOSE, 'AH', 'AC', 'KH', decide(1, 'evenMoney')]);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'credit ana main 1/0 2000 <d1']);
  });

  test('a double for less: the owner adds the amount, a co-player the same fraction of their stake', async () => {
    const { lines } = await play('european', [...SHOE, bet(1, 'ana', 1000), bet(1, 'bob', 500), CLOSE, '5H', '6C', '6D', decide(1, 'double', { amount: 500 }), 'TH', '9S', 'TC']);
    expect(lines).toEqual([
      'debit ana main 1/0 1000 =d1', 'debit bob main 1/0 500 =d2',
      'debit ana main 1/0 500 =d3', 'debit bob main 1/0 250 =d4',
      'credit ana main 1/0 3000 <d1,d3', 'credit bob main 1/0 1500 <d2,d4',
    ]);
  });

  test('a bet behind follows a double when its player chose to, and then a split', async () => {
    const doubled = await play('deluxe', [...DELUXE_SHOE, bet(1, 'ana', 1000), bet(1, 'bob', 500, 'behind'), CLOSE, '5H', '6C', '6D', '9S', decide(1, 'followDouble', { player: 'bob' }), decide(1, 'double'), 'TH', 'TC']);
    expect(doubled.lines).toEqual([
      'debit ana main 1/0 1000 =d1', 'debit bob behind 1/0 500 =d2',
      'debit ana main 1/0 1000 =d3', 'debit bob behind 1/0 500 =d4',
      'credit ana main 1/0 4000 <d1,d3', 'credit bob behind 1/0 2000 <d2,d4',
    ]);
    const split = await play('deluxe', [...DELUXE_SHOE, bet(1, 'ana', 1000), bet(1, 'bob', 500, 'behind'), CLOSE, '8H', '6C', '8D', '9S', decide(1, 'followSplit', { player: 'bob' }), decide(1, 'split'), 'TH', decide(1, 'stand'), 'TD', decide(1, 'stand'), 'TC']);
    expect(split.lines).toEqual([
      'debit ana main 1/0 1000 =d1', 'debit bob behind 1/0 500 =d2',
      'debit ana main 1/1 1000 =d3', 'debit bob behind 1/1 500 =d4',
      'credit ana main 1/0 2000 <d1', 'credit bob behind 1/0 1000 <d2',
      'credit ana main 1/1 2000 <d3', 'credit bob behind 1/1 1000 <d4',
    ]);
  });

  test('a bet behind that did not choose to follow stays on the first hand at its stake', async () => {
    const { lines } = await play('deluxe', [...DELUXE_SHOE, bet(1, 'ana', 1000), bet(1, 'bob', 500, 'behind'), CLOSE, '5H', '6C', '6D', '9S', decide(1, 'double'), 'TH', 'TC']);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit bob behind 1/0 500 =d2', 'debit ana main 1/0 1000 =d3', 'credit ana main 1/0 4000 <d1,d3', 'credit bob behind 1/0 1000 <d2']);
  });

  test('a side bet: its own debit, settled after the deal (Pairs: a coloured pair pays 10:1)', async () => {
    const { lines } = await play('deluxe', [...DELUXE_SHOE, bet(1, 'ana', 1000), bet(1, 'ana', 500, 'pairs'), CLOSE, '8H', '6C', '8D', '9S', decide(1, 'stand'), 'TC']);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit ana pairs 1/0 500 =d2', 'credit ana pairs 1/0 5500 <d2', 'credit ana main 1/0 2000 <d1']);
  });

  test('switch: the second hand of the box is staked when betting closes; Super Match is a side bet (a pair pays 1:1)', async () => {
    const { lines, transactions } = await play('switch', [...SHOE, bet(1, 'ana', 1000), bet(1, 'ana', 200, 'superMatch'), CLOSE, 'TH', '9C', '6C', 'TD', '8S', '7S', decide(1, 'stand'), decide(1, 'stand'), 'TC']);
    expect(lines).toEqual([
      'debit ana main 1/0 1000 =d1', 'debit ana superMatch 1/0 200 =d2', 'debit ana main 1/1 1000 =d3',
      'credit ana superMatch 1/0 400 <d2', 'credit ana main 1/0 2000 <d1', 'credit ana main 1/1 2000 <d3',
    ]);
    expect(transactions[2]!.id).toMatch(/^kinds-1:\d+:0$/);
  });

  test('a void after insurance was settled: the insurance keeps its credit, the main stake is reversed', async () => {
    const { lines } = await play('six-deck', [...SHOE, bet(1, 'ana', 2000), CLOSE, 'TH', 'AC', '9H', '7S', decide(1, 'insurance'), PAUSE, VOID]);
    expect(lines).toEqual(['debit ana main 1/0 2000 =d1', 'debit ana insurance 1/0 1000 =d2', 'credit ana insurance 1/0 0 <d2', 'reverse ana main 1/0 2000 <d1']);
  });

  test('a void after a double: each debit of the stake is reversed on its own', async () => {
    const { lines } = await play('six-deck', [...SHOE, bet(1, 'ana', 1000), CLOSE, '5H', '6C', '6D', '9S', decide(1, 'double'), PAUSE, VOID]);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit ana main 1/0 1000 =d2', 'reverse ana main 1/0 1000 <d1', 'reverse ana main 1/0 1000 <d2']);
  });

  test('switch voided before the deal reached the second hand: both hands\' stakes come back', async () => {
    const { lines } = await play('switch', [...SHOE, bet(1, 'ana', 1000), CLOSE, 'TH', PAUSE, VOID]);
    expect(lines).toEqual(['debit ana main 1/0 1000 =d1', 'debit ana main 1/1 1000 =d2', 'reverse ana main 1/0 1000 <d1', 'reverse ana main 1/1 1000 <d2']);
  });

  test('cancelled bets: one refund for the player\'s bets of a kind; a seat left without a main bet returns the bets behind it', async () => {
    const { lines } = await play('deluxe', [...DELUXE_SHOE, bet(1, 'ana', 1000), bet(1, 'ana', 500), bet(1, 'bob', 300, 'behind'),
      { type: 'bet.cancel', seat: 1, player: 'ana' }, bet(2, 'cyd', 1000), PAUSE, VOID]);
    expect(lines).toEqual([
      'debit ana main 1/0 1000 =d1', 'debit ana main 1/0 500 =d2', 'debit bob behind 1/0 300 =d3',
      'refund ana main 1/0 1500 <d1,d2', 'refund bob behind 1/0 300 <d3',
      'debit cyd main 2/0 1000 =d4', 'reverse cyd main 2/0 1000 <d4',
    ]);
  });
});
