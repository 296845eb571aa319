// What a simulated round adds up (simulate-table.ts): the round's book — stakes, nets and final stakes per
// bet kind, its bets, its frequencies — filled from the round machine's facts and added, when the round
// ends, to the counts of every cut card it counts for. Reused round after round (no string keys, maps or
// closures per fact: the simulator's throughput).
import type { TableEvent } from '../../round/events.js';
import { SIMULATED_BETS, type BetStats, type SimulatedBet, type SimulationCounts } from './simulation-stats.js';

/** One bet of the round (a player's stake of one kind on a seat), in the order first seen: the per-bet
 *  deviation adds (net / stake)² in this order, as the string-keyed map it replaces did. */
interface BetEntry {
  seat: number;
  /** Its kind, as kindIndex gives it. */
  k: number;
  player: string;
  stake: number;
  net: number;
}

/** A bet kind's place in SIMULATED_BETS (main, insurance, pairs, superMatch, behind). */
export function kindIndex(kind: SimulatedBet): number {
  switch (kind) {
    case 'main': return 0;
    case 'insurance': return 1;
    case 'pairs': return 2;
    case 'superMatch': return 3;
    default: return 4;
  }
}

/** What one round adds up: stakes, nets and final stakes per bet kind (by kindIndex), its bets, its
 *  frequencies. Reused round after round (no string keys, maps or closures per fact: the simulator's throughput). */
export class RoundBook {
  readonly stake = [0, 0, 0, 0, 0];
  readonly net = [0, 0, 0, 0, 0];
  readonly wagered = [0, 0, 0, 0, 0];
  /** The round's bets are the first `betCount` entries; the entries are reused round after round (a list
   *  emptied by `length = 0` loses its slots and grows them again on its first push). */
  readonly bets: BetEntry[] = [];
  betCount = 0;
  /** Cards dealt from the shoe when the round began. */
  start = 0;
  hands = 0;
  playerBlackjack = 0;
  dealerBlackjack = 0;
  playerBust = 0;
  dealerBust = 0;
  push = 0;
  double = 0;
  split = 0;
  surrender = 0;
  evenMoney = 0;
  switch = 0;
  autoPlay = 0;
  /** Per cut card (outs' order), its bet kinds' counts in kindIndex order: no look-up by key per round. */
  readonly betStats: BetStats[][];
  /** The main bets by net as the chunk plays, not the counts' record, whose negative nets are string keys
   *  (measured ~7x slower a count); written out by writeMainNets. Each net seen has a slot (one look-up per
   *  bet, whatever the cut cards); per cut card, the count of each slot and the slots in the order first seen. */
  readonly netSlots = new Map<number, number>();
  readonly slotNets: number[] = [];
  readonly netCounts: number[][];
  readonly netOrder: number[][];
  /** The round's players' main bets' slots (slotMainNets), when it ends. */
  readonly mainSlots: number[] = [];
  mainSlotCount = 0;

  constructor(outs: readonly SimulationCounts[]) {
    this.betStats = outs.map((o) => SIMULATED_BETS.map((k) => o.bets[k]));
    this.netCounts = outs.map(() => []);
    this.netOrder = outs.map(() => []);
  }

  /** The slot of a main bet's net (made when first seen in the chunk). */
  slotOf(net: number): number {
    let slot = this.netSlots.get(net);
    if (slot === undefined) {
      slot = this.slotNets.length;
      this.slotNets.push(net);
      this.netSlots.set(net, slot);
      for (const counts of this.netCounts) counts.push(0);
    }
    return slot;
  }

  clear(): void {
    for (let i = 0; i < 5; i++) this.stake[i] = this.net[i] = this.wagered[i] = 0;
    this.hands = this.playerBlackjack = this.dealerBlackjack = this.playerBust = this.dealerBust = this.push = 0;
    this.double = this.split = this.surrender = this.evenMoney = this.switch = this.autoPlay = 0;
    this.betCount = 0;
  }

  /** The round's bet of `kind` by `player` on `seat`, made (stake 0) when first seen. */
  bet(seat: number, kind: SimulatedBet, player: string): BetEntry {
    const bets = this.bets;
    const count = this.betCount;
    const k = kindIndex(kind);
    for (let i = 0; i < count; i++) {
      const b = bets[i] as BetEntry;
      if (b.seat === seat && b.k === k && b.player === player) return b;
    }
    this.betCount = count + 1;
    const reused = bets[count];
    if (reused === undefined) {
      const b: BetEntry = { seat, k, player, stake: 0, net: 0 };
      bets.push(b);
      return b;
    }
    reused.seat = seat;
    reused.k = k;
    reused.player = player;
    reused.stake = 0;
    reused.net = 0;
    return reused;
  }

  /** A bet placed anew (side bets, insurance): its stake replaces any before. */
  place(seat: number, kind: SimulatedBet, player: string, stake: number): void {
    const b = this.bet(seat, kind, player);
    b.stake = stake;
    b.net = 0;
  }
}

export function add(sums: number[], k: number, n: number): void {
  sums[k] = (sums[k] as number) + n;
}

/** The facts a simulation watches, by type (a switch on the type string, no closure). `outs[i]` counts the
 *  rounds of a shoe cut at card `cuts[i]`. */
export function observe(book: RoundBook, outs: readonly SimulationCounts[], cuts: readonly number[], f: TableEvent): void {
  switch (f.type) {
    case 'bet.settled': {
      const k = kindIndex(f.bet);
      add(book.net, k, f.net);
      add(book.wagered, k, f.stake);
      book.bet(f.seat, f.bet, f.player).net += f.net;
      if (f.bet === 'main') {
        if (f.outcome === 'blackjack') book.playerBlackjack += 1;
        else if (f.outcome === 'push') book.push += 1;
        else if (f.outcome === 'surrender') book.surrender += 1;
        else if (f.outcome === 'evenMoney') book.evenMoney += 1;
      }
      return;
    }
    case 'insurance.taken':
      add(book.stake, 1, f.amount);
      book.place(f.seat, 'insurance', f.player, f.amount);
      return;
    case 'hand.finished':
      if (f.status === 'busted') book.playerBust += 1;
      return;
    case 'hand.doubled':
      book.double += 1;
      return;
    case 'hand.split':
      book.split += 1;
      return;
    case 'hands.switched':
      book.switch += 1;
      return;
    case 'decision.accepted':
      if (f.byTimeout) book.autoPlay += 1;
      return;
    case 'dealer.finished':
      if (f.blackjack) book.dealerBlackjack += 1;
      else if (f.total > 21) book.dealerBust += 1;
      return;
    case 'shoe.loaded':
      for (let i = 0; i < outs.length; i++) (outs[i] as SimulationCounts).counts.shoes += 1;
      return;
    case 'round.ended':
      // The round counts for each cut card at or after the card it started at (cuts: the shoe's cut positions).
      if (!f.voided) slotMainNets(book);
      for (let i = 0; i < outs.length; i++) {
        if (book.start > (cuts[i] as number)) continue;
        const out = outs[i] as SimulationCounts;
        if (f.voided) out.counts.voidedRounds += 1;
        else commit(book, out, i);
      }
      book.clear();
      return;
    default:
      return;
  }
}

/** Each of the round's players' main bets (a stake, a player's own: 'p…') its net's slot, in the bets' order,
 *  in `mainSlots` (the same for every cut card the round counts for). */
function slotMainNets(book: RoundBook): void {
  const slots = book.mainSlots;
  let n = 0;
  for (let i = 0; i < book.betCount; i++) {
    const b = book.bets[i] as BetEntry;
    if (b.stake !== 0 && b.k === 0 && b.player[0] === 'p') slots[n++] = book.slotOf(b.net);
  }
  book.mainSlotCount = n;
}

/** A round that ended adds its book to the chunk's counts of cut card `at` (integers: the order of the sums
 *  does not matter; the per-bet squares are added in the bets' first-seen order). */
function commit(book: RoundBook, out: SimulationCounts, at: number): void {
  const c = out.counts;
  c.rounds += 1;
  c.hands += book.hands;
  c.playerBlackjack += book.playerBlackjack;
  c.dealerBlackjack += book.dealerBlackjack;
  c.playerBust += book.playerBust;
  c.dealerBust += book.dealerBust;
  c.push += book.push;
  c.double += book.double;
  c.split += book.split;
  c.surrender += book.surrender;
  c.evenMoney += book.evenMoney;
  c.switch += book.switch;
  c.autoPlay += book.autoPlay;
  const stats = book.betStats[at] as BetStats[];
  for (let k = 0; k < stats.length; k++) {
    const st = stats[k] as BetStats;
    st.wagered += book.wagered[k] as number;
    const s = book.stake[k] as number, y = book.net[k] as number;
    if (s === 0) continue;
    st.rounds += 1;
    st.staked += s;
    st.net += y;
    st.roundNetSq += y * y;
    st.roundStakeSq += s * s;
    st.roundNetStake += y * s;
  }
  const bets = book.bets;
  for (let i = 0; i < book.betCount; i++) {
    const b = bets[i] as BetEntry;
    if (b.stake === 0) continue;
    const st = stats[b.k] as BetStats;
    st.bets += 1;
    st.betUnitSq += (b.net / b.stake) ** 2;
  }
  const counts = book.netCounts[at] as number[];
  const order = book.netOrder[at] as number[];
  const slots = book.mainSlots;
  for (let i = 0; i < book.mainSlotCount; i++) {
    const slot = slots[i] as number;
    const n = counts[slot] as number;
    if (n === 0) order.push(slot);
    counts[slot] = n + 1;
  }
}

/** The chunk's main nets into each cut card's counts, in the order first seen (the order the record's
 *  string keys would have had, had each been added there as it came). */
export function writeMainNets(book: RoundBook, outs: readonly SimulationCounts[]): void {
  for (let i = 0; i < outs.length; i++) {
    const into = (outs[i] as SimulationCounts).mainNets;
    const counts = book.netCounts[i] as number[];
    const order = book.netOrder[i] as number[];
    for (const slot of order) {
      const net = book.slotNets[slot] as number;
      into[net] = (into[net] ?? 0) + (counts[slot] as number);
      counts[slot] = 0;
    }
    order.length = 0;
  }
}
