// Stakes that grow after betting closes, each growth a debit: insurance taken (offers.ts answerOffer), a
// double — the owner's added amount, co-players in proportion, a bet behind only when its player chose to
// follow (hand-actions.ts doubleHand) — and a split's new hand, staked again at each following wager's original
// stake (hand-actions.ts splitHand). docs/rules.md, "Readings where a document is silent": co-players follow the
// owner's decisions, a double for less adds the same fraction of each co-player's stake; a bet behind follows
// the first hand only unless its player sent followDouble / followSplit before the owner acted.
import type { FactTransactions } from './fact-transactions.js';
import type { BoxMoney, HandMoney, RoundMoney, WagerMoney } from './round-money.js';
import { MoneyMismatchError } from './wallet-transaction.js';

export function boxOf(money: RoundMoney, seat: number, seq: number): BoxMoney {
  const box = money.boxes?.get(seat);
  if (!box) throw new MoneyMismatchError(seq, `round ${money.round} has no box on seat ${seat}`);
  return box;
}

export function handOf(box: BoxMoney, index: number, seq: number): HandMoney {
  const hand = box.hands.get(index);
  if (!hand) throw new MoneyMismatchError(seq, `seat ${box.seat} has no hand ${index}`);
  return hand;
}

export function takeInsurance(money: RoundMoney, fact: { seat: number; player: string; amount: number }, tx: FactTransactions): void {
  const box = boxOf(money, fact.seat, tx.at.seq);
  const debit = tx.debit({ seat: fact.seat, hand: 0, player: fact.player, bet: 'insurance' }, fact.amount);
  if (debit) box.insurance.set(fact.player, [...(box.insurance.get(fact.player) ?? []), debit]);
}

export function chooseFollow(money: RoundMoney, fact: { seat: number; player: string; follow: 'double' | 'split' }, seq: number): void {
  const choice = boxOf(money, fact.seat, seq).follow.get(fact.player);
  if (!choice) throw new MoneyMismatchError(seq, `${fact.player} has no bet behind seat ${fact.seat} to follow with`);
  choice[fact.follow] = true;
}

function follows(box: BoxMoney, wager: WagerMoney, how: 'double' | 'split'): boolean {
  return wager.kind === 'main' || box.follow.get(wager.player)?.[how] === true;
}

/** hand.doubled: `stake` is the owner's stake after the double, so the owner added `stake` minus its stake before. */
export function doubleHand(money: RoundMoney, fact: { seat: number; hand: number; stake: number }, tx: FactTransactions): void {
  const box = boxOf(money, fact.seat, tx.at.seq);
  const hand = handOf(box, fact.hand, tx.at.seq);
  const owner = hand.wagers.find((w) => w.kind === 'main' && w.player === box.owner) ?? hand.wagers[0];
  const added = owner ? fact.stake - owner.stake : 0;
  if (!owner || added <= 0) throw new MoneyMismatchError(tx.at.seq, `hand ${fact.hand} of seat ${fact.seat} is doubled to ${fact.stake}, not above its stake ${owner?.stake ?? 0}`);
  const ownerOriginal = owner.original;
  for (const wager of hand.wagers) {
    let raise = 0;
    if (wager === owner) raise = added;
    else if (follows(box, wager, 'double')) raise = Math.floor((wager.original * added) / ownerOriginal);
    const debit = tx.debit({ seat: box.seat, hand: hand.index, player: wager.player, bet: wager.kind }, raise);
    if (!debit) continue;
    wager.stake += raise;
    wager.debits.push(debit);
  }
}

/** hand.split: the new hand carries each following wager at its original stake, debited again. */
export function splitHand(money: RoundMoney, fact: { seat: number; hand: number; newHand: number }, tx: FactTransactions): void {
  const box = boxOf(money, fact.seat, tx.at.seq);
  const hand = handOf(box, fact.hand, tx.at.seq);
  if (box.hands.has(fact.newHand)) throw new MoneyMismatchError(tx.at.seq, `seat ${fact.seat} already has a hand ${fact.newHand}`);
  const wagers: WagerMoney[] = [];
  for (const wager of hand.wagers) {
    if (!follows(box, wager, 'split')) continue;
    const debit = tx.debit({ seat: box.seat, hand: fact.newHand, player: wager.player, bet: wager.kind }, wager.original);
    wagers.push({ player: wager.player, kind: wager.kind, original: wager.original, stake: wager.original, debits: debit ? [debit] : [], settled: false });
  }
  box.hands.set(fact.newHand, { index: fact.newHand, wagers });
}
