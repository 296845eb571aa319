// Settlement lines (bet.settled) as money: a line pays stake + net against the debits that made the stake
// (a credit, 0 for a loss); a void line (outcome `void`, net 0: settlement.ts voidRound) rolls those
// debits back instead, one reverse each. Every line's stake must equal the debits it settles.
import type { TableEvent } from '../../round/events.js';
import { sumOf, type Debit, type FactTransactions, type MoneyPlace } from './fact-transactions.js';
import { sideBetKey, takePlaced, type RoundMoney } from './round-money.js';
import { boxOf, handOf } from './stake-changes.js';
import { MoneyMismatchError } from './wallet-transaction.js';

type Settled = Extract<TableEvent, { type: 'bet.settled' }>;

/** The debits a settlement line settles, taken out of the round's money so that nothing settles twice. */
function settledDebits(money: RoundMoney, fact: Settled, seq: number): Debit[] | undefined {
  // A void while betting is open returns the placed bets: one line per seat, player and kind.
  if (money.boxes === null) return fact.bet === 'insurance' ? undefined : takePlaced(money, fact.seat, fact.player, fact.bet);
  const box = boxOf(money, fact.seat, seq);
  if (fact.bet === 'insurance' || fact.bet === 'pairs' || fact.bet === 'superMatch') {
    const held = fact.bet === 'insurance' ? box.insurance : box.sideBets;
    const key = fact.bet === 'insurance' ? fact.player : sideBetKey(fact.player, fact.bet);
    const debits = held.get(key);
    held.delete(key);
    return debits;
  }
  const wager = handOf(box, fact.hand, seq).wagers.find((w) => w.player === fact.player && w.kind === fact.bet && !w.settled);
  if (!wager) return undefined;
  wager.settled = true;
  return wager.debits;
}

export function settleLine(money: RoundMoney, fact: Settled, tx: FactTransactions): void {
  const debits = settledDebits(money, fact, tx.at.seq);
  const what = `${fact.player}'s ${fact.bet} bet on seat ${fact.seat}, hand ${fact.hand}`;
  if (!debits || debits.length === 0) throw new MoneyMismatchError(tx.at.seq, `${what} is settled, but no unsettled stake of it was taken`);
  if (sumOf(debits) !== fact.stake) throw new MoneyMismatchError(tx.at.seq, `${what} is settled with a stake of ${fact.stake}, but its debits add up to ${sumOf(debits)}`);
  const place: MoneyPlace = { seat: fact.seat, hand: fact.hand, player: fact.player, bet: fact.bet };
  if (fact.outcome === 'void') tx.reverse(place, debits);
  else {
    const amount = fact.stake + fact.net;
    if (amount < 0) throw new MoneyMismatchError(tx.at.seq, `${what} loses ${-fact.net}, more than its stake of ${fact.stake}`);
    tx.credit(place, amount, debits);
  }
}

/** round.ended: every stake of the round has been settled, refunded or reversed; what is not, names itself. */
export function unsettledAtEnd(money: RoundMoney): string | undefined {
  const left = money.placed[0];
  if (left) return `${left.player}'s ${left.kind} bet on seat ${left.seat}`;
  for (const box of money.boxes?.values() ?? []) {
    for (const hand of box.hands.values()) {
      const wager = hand.wagers.find((w) => !w.settled && w.debits.length > 0);
      if (wager) return `${wager.player}'s ${wager.kind} stake on seat ${box.seat}, hand ${hand.index}`;
    }
    const [side] = box.sideBets.keys();
    if (side !== undefined) return `the side bet ${side} on seat ${box.seat}`;
    const [insured] = box.insurance.keys();
    if (insured !== undefined) return `${insured}'s insurance on seat ${box.seat}`;
  }
  return undefined;
}
