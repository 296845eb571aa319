// The money of one open round, as the facts show it: the bets placed while betting is open (each with its
// debit), then each box's hands with their wagers, side bets and insurance, each with the debits that make
// its stake. It mirrors how the round machine holds stakes (src/round/operations/betting.ts, play.ts,
// offers.ts) closely enough to know, for every settlement line, which debits it settles.
import type { BetKind } from '../../round/inputs.js';
import { FactTransactions, sumOf, type Debit } from './fact-transactions.js';
import { MoneyMismatchError } from './wallet-transaction.js';

export interface PlacedMoney {
  readonly seat: number;
  readonly player: string;
  readonly kind: BetKind;
  readonly debit: Debit;
}

/** One player's money on one hand: a main stake (the owner's or a co-player's) or a bet behind. */
export interface WagerMoney {
  readonly player: string;
  readonly kind: 'main' | 'behind';
  /** The stake as first placed on this hand: a double for less and a split are measured against it. */
  readonly original: number;
  stake: number;
  readonly debits: Debit[];
  settled: boolean;
}

export interface HandMoney {
  readonly index: number;
  readonly wagers: WagerMoney[];
}

export interface BoxMoney {
  readonly seat: number;
  /** The first main bettor (betting.ts closeBetting): the wager a double is measured against. */
  readonly owner: string;
  readonly hands: Map<number, HandMoney>;
  /** Side bets' debits by `player|kind`, insurance's by player, until settled. */
  readonly sideBets: Map<string, Debit[]>;
  readonly insurance: Map<string, Debit[]>;
  /** Bet-behind players' follow choices (deluxe): whether their stake follows a double, a split. */
  readonly follow: Map<string, { double: boolean; split: boolean }>;
}

export interface RoundMoney {
  readonly round: number;
  /** The bets of the open betting, in the order placed (as the round machine keeps them). */
  placed: PlacedMoney[];
  /** Null while betting is open. */
  boxes: Map<number, BoxMoney> | null;
}

export const sideBetKey = (player: string, kind: string): string => `${player}|${kind}`;

export function openRound(round: number): RoundMoney {
  return { round, placed: [], boxes: null };
}

/** The placed bets of one player, seat and kind, taken out of the open betting (a cancel, a void while betting). */
export function takePlaced(money: RoundMoney, seat: number, player: string, kind: string): Debit[] {
  const taken: Debit[] = [];
  money.placed = money.placed.filter((b) => {
    const match = b.seat === seat && b.player === player && b.kind === kind;
    if (match) taken.push(b.debit);
    return !match;
  });
  return taken;
}

/** bet.cancelled: the player's bets of that kind on the seat go back in one refund of the cancelled amount. */
export function cancelPlaced(money: RoundMoney, fact: { seat: number; player: string; bet: BetKind; amount: number }, tx: FactTransactions): void {
  const debits = takePlaced(money, fact.seat, fact.player, fact.bet);
  if (debits.length === 0 || sumOf(debits) !== fact.amount) {
    throw new MoneyMismatchError(tx.at.seq, `${fact.player}'s ${fact.bet} bet of ${fact.amount} on seat ${fact.seat} is cancelled, but the bets placed add up to ${sumOf(debits)}`);
  }
  tx.refund({ seat: fact.seat, hand: 0, player: fact.player, bet: fact.bet }, debits);
}

/** Groups the placed bets of a seat and kind by player, in the order each first bet (betting.ts stakesBy). */
function byPlayer(placed: readonly PlacedMoney[], seat: number, kind: BetKind): Array<{ player: string; debits: Debit[] }> {
  const out: Array<{ player: string; debits: Debit[] }> = [];
  for (const b of placed) {
    if (b.seat !== seat || b.kind !== kind) continue;
    const found = out.find((x) => x.player === b.player);
    if (found) found.debits.push(b.debit);
    else out.push({ player: b.player, debits: [b.debit] });
  }
  return out;
}

/**
 * betting.closed: each seat with a main bet becomes a box (betting.ts closeBetting). Its first hand carries
 * each player's main and behind stakes with the debits placed for them. A rule set that deals more than one
 * hand a box (switch: two) stakes each further hand the same again: a debit per wager and further hand.
 */
export function closeRound(money: RoundMoney, handsPerBox: number, tx: FactTransactions): void {
  const seats = [...new Set(money.placed.filter((b) => b.kind === 'main').map((b) => b.seat))].sort((a, b) => a - b);
  const boxes = new Map<number, BoxMoney>();
  for (const seat of seats) {
    const main = byPlayer(money.placed, seat, 'main');
    const behind = byPlayer(money.placed, seat, 'behind');
    const wagerOf = (kind: 'main' | 'behind') => ({ player, debits }: { player: string; debits: Debit[] }): WagerMoney => {
      const stake = sumOf(debits);
      return { player, kind, original: stake, stake, debits, settled: false };
    };
    const wagers = [...main.map(wagerOf('main')), ...behind.map(wagerOf('behind'))];
    const hands = new Map<number, HandMoney>([[0, { index: 0, wagers }]]);
    for (let index = 1; index < handsPerBox; index++) {
      hands.set(index, {
        index,
        wagers: wagers.map((w) => {
          const debit = tx.debit({ seat, hand: index, player: w.player, bet: w.kind }, w.original);
          return { ...w, debits: debit ? [debit] : [], settled: false };
        }),
      });
    }
    const sideBets = new Map<string, Debit[]>();
    for (const kind of ['pairs', 'superMatch'] as const) {
      for (const { player, debits } of byPlayer(money.placed, seat, kind)) sideBets.set(sideBetKey(player, kind), debits);
    }
    const follow = new Map(behind.map(({ player }) => [player, { double: false, split: false }]));
    boxes.set(seat, { seat, owner: main[0]?.player ?? '', hands, sideBets, insurance: new Map(), follow });
  }
  const astray = money.placed.find((b) => !boxes.has(b.seat));
  if (astray) throw new MoneyMismatchError(tx.at.seq, `betting closes with ${astray.player}'s ${astray.kind} bet on seat ${astray.seat}, a seat without a main bet`);
  money.placed = [];
  money.boxes = boxes;
}
