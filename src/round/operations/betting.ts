// Betting: placing bets within the rule set's limits and box rules, and closing betting.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Hand, Wager } from '../../rules/hand.js';
import { BET_KINDS, type BetKind, type InputOf } from '../inputs.js';
import type { Box, Emit, FollowChoice, PlacedBet, SideBet, TableState } from '../table-state.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';

export function openBetting(s: TableState, emit: Emit): void {
  s.round += 1;
  s.bets = [];
  s.boxes = [];
  s.dealer = { cards: [], holeRevealed: false, natural: null };
  s.dealt = 0;
  s.announcedTurn = null;
  emit({ type: 'betting.opened', round: s.round });
}

/** The sum of the bets on `seat` of `kind` (by `player`, when given). Loops, no closures: asked on every bet (hot path). */
function stakeOf(bets: readonly PlacedBet[], seat: number, kind: BetKind, player?: string): number {
  let sum = 0;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i] as PlacedBet;
    if (b.seat === seat && b.kind === kind && (player === undefined || b.player === player)) sum += b.amount;
  }
  return sum;
}

function seatOwner(bets: readonly PlacedBet[], seat: number): string | undefined {
  for (const b of bets) if (b.seat === seat && b.kind === 'main') return b.player;
  return undefined;
}

function hasBet(bets: readonly PlacedBet[], seat: number, kind: BetKind, player: string): boolean {
  for (const b of bets) if (b.seat === seat && b.kind === kind && b.player === player) return true;
  return false;
}

/** The reason a bet is refused, or null when it may be placed. */
export function refuseBet(s: TableState, rules: RuleSet, input: InputOf<'bet'>): Reason | null {
  const kind = (input.kind ?? 'main') as BetKind;
  if (!(BET_KINDS as readonly string[]).includes(kind)) return reason('unknownBetKind', { text: String(input.kind) });
  if (!Number.isInteger(input.seat) || input.seat < 1 || input.seat > rules.seats) {
    return reason('noSuchSeat', { seat: input.seat, game: rules.name, count: rules.seats });
  }
  if (!Number.isInteger(input.amount) || input.amount <= 0) return reason('amountPositive', NO_PARAMS);
  const { seat, player, amount } = input;
  const bets = s.bets;
  const owner = seatOwner(bets, seat);
  const l = rules.limits;
  switch (kind) {
    case 'main': {
      const mine = stakeOf(bets, seat, 'main', player);
      const stake = mine + amount;
      if (stake < l.min || stake > l.max) return reason('stakeOutsideLimits', { stakeAmount: stake, minAmount: l.min, maxAmount: l.max });
      // Players with a main bet on the seat, in the order they first bet.
      const players: string[] = [];
      for (const b of bets) if (b.seat === seat && b.kind === 'main' && !players.includes(b.player)) players.push(b.player);
      if (!players.includes(player) && players.length >= rules.boxes.playersPerBox) {
        return rules.boxes.playersPerBox === 1 ? reason('seatTaken', { seat, player: String(owner) }) : reason('boxFull', { seat, count: players.length });
      }
      if (hasBet(bets, seat, 'behind', player)) return reason('betsBehindSeat', { player, seat });
      const boxTotal = stakeOf(bets, seat, 'main') + stakeOf(bets, seat, 'behind') + amount;
      if (l.boxMax !== undefined && boxTotal > l.boxMax) return reason('overBoxMax', { seat, totalAmount: boxTotal, maxAmount: l.boxMax });
      // The player's other seats, in the order first bet on.
      const otherSeats: number[] = [];
      for (const b of bets) if (b.kind === 'main' && b.player === player && b.seat !== seat && !otherSeats.includes(b.seat)) otherSeats.push(b.seat);
      if (mine === 0 && otherSeats.length >= rules.boxes.seatsPerPlayer) {
        return reason('seatsMost', { player, count: otherSeats.length, game: rules.name });
      }
      if (rules.boxes.equalStakesAcrossSeats) {
        // deluxe: a player holding two seats has equal stakes on both.
        for (const other of otherSeats) {
          const there = stakeOf(bets, other, 'main', player);
          if (there !== stake) return reason('stakesEqual', { other, seat, thereAmount: there, stakeAmount: stake });
        }
      }
      return null;
    }
    case 'behind': {
      if (!rules.boxes.betBehind) return reason('noBetBehind', { game: rules.name });
      if (owner === undefined) return reason('noSeatedPlayer', { seat });
      if (owner === player) return reason('behindOwnSeat', NO_PARAMS);
      if (hasBet(bets, seat, 'main', player)) return reason('playsOnSeat', { player, seat });
      const stake = stakeOf(bets, seat, 'behind', player) + amount;
      if (stake < l.min || stake > l.max) return reason('stakeOutsideLimits', { stakeAmount: stake, minAmount: l.min, maxAmount: l.max });
      return null;
    }
    case 'pairs':
    case 'superMatch': {
      if (rules.sideBets[kind] === undefined) return reason('noSideBet', { game: rules.name, kind });
      if (owner === undefined) return reason('sideBetNeedsMain', { kind, seat });
      const stake = stakeOf(bets, seat, kind, player) + amount;
      if (stake < l.sideMin || stake > l.sideMax) return reason('sideBetLimits', { stakeAmount: stake, minAmount: l.sideMin, maxAmount: l.sideMax });
      return null;
    }
  }
}

export function placeBet(s: TableState, input: InputOf<'bet'>, emit: Emit): void {
  const bet: PlacedBet = { seat: input.seat, player: input.player, kind: (input.kind ?? 'main') as BetKind, amount: input.amount };
  s.bets.push(bet);
  emit({ type: 'bet.placed', round: s.round, seat: bet.seat, player: bet.player, bet: bet.kind, amount: bet.amount });
}

export function hasMainBet(s: TableState): boolean {
  for (const b of s.bets) if (b.kind === 'main') return true;
  return false;
}

function newHand(index: number, wagers: Wager[]): Hand {
  return {
    index, origin: index, cards: [], fromSplit: false, splitAces: false, ownSecondCard: true,
    doubles: 0, pendingDraw: null, actions: 0, auto: false, status: 'open', wagers, settled: false,
  };
}

/** The seat's bets of one kind added to `into` (null: none yet), one entry per player in the order players first
 *  bet, each the sum of that player's bets (`entry` makes a player's, or adds an amount to the one before). No
 *  list per question, no list grown from empty: a box's lists are made with their first element (V8 gives an
 *  empty list 17 slots on its first push; closeBetting runs every round). */
function addByPlayer<K extends BetKind, T extends { readonly player: string }>(
  bets: readonly PlacedBet[], seat: number, kind: K, into: T[] | null, entry: (player: string, kind: K, amount: number, before: T | undefined) => T,
): T[] | null {
  let list = into;
  const from = list === null ? 0 : list.length;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i] as PlacedBet;
    if (b.seat !== seat || b.kind !== kind) continue;
    let at = -1;
    if (list !== null) for (let j = from; j < list.length; j++) if ((list[j] as T).player === b.player) at = j;
    if (at >= 0) {
      const l = list as T[];
      l[at] = entry(b.player, kind, b.amount, l[at]);
    } else if (list === null) {
      list = [entry(b.player, kind, b.amount, undefined)];
    } else {
      list.push(entry(b.player, kind, b.amount, undefined));
    }
  }
  return list;
}

/** A player's wager, or the one before with `amount` added. */
function wagerEntry(player: string, kind: Wager['kind'], amount: number, before: Wager | undefined): Wager {
  return before === undefined
    ? { player, kind, original: amount, stake: amount }
    : { player, kind, original: before.original + amount, stake: before.stake + amount };
}

/** A player's side bet, or the one before with `amount` added. */
function sideBetEntry(player: string, kind: SideBet['kind'], amount: number, before: SideBet | undefined): SideBet {
  return { player, kind, stake: before === undefined ? amount : before.stake + amount, settled: false };
}

/** The box's hands, each carrying the box's one list of wagers; the list made at its size. */
function boxHands(count: number, wagers: Wager[]): Hand[] {
  if (count === 1) return [newHand(0, wagers)];
  if (count === 2) return [newHand(0, wagers), newHand(1, wagers)];
  const hands: Hand[] = [];
  for (let i = 0; i < count; i++) hands.push(newHand(i, wagers));
  return hands;
}

/** Betting closes: each seat with a main bet becomes a box of dealt hands carrying its wagers. */
export function closeBetting(s: TableState, rules: RuleSet, emit: Emit): void {
  const bets = s.bets;
  // The seats with a main bet, in ascending order (each put in its place as it is found: no sort, no closure,
  // no splice, whose list of removed elements is one more object).
  const seats: number[] = [];
  let kinds = 0;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i] as PlacedBet;
    kinds |= KIND_BIT[b.kind];
    if (b.kind !== 'main' || seats.includes(b.seat)) continue;
    let at = seats.length;
    seats.push(b.seat);
    while (at > 0 && (seats[at - 1] as number) > b.seat) {
      seats[at] = seats[at - 1] as number;
      at--;
    }
    seats[at] = b.seat;
  }
  const boxes: Box[] = [];
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i] as number;
    // The main wagers, then those behind (a kind no bet has is not looked for).
    const mains = addByPlayer(bets, seat, 'main', null, wagerEntry) as Wager[];
    const owner = mains.length > 0 ? (mains[0] as Wager).player : '';
    const wagers = (kinds & KIND_BIT.behind) !== 0 ? (addByPlayer(bets, seat, 'behind', mains, wagerEntry) as Wager[]) : mains;
    let sideBets: SideBet[] | null = null;
    if ((kinds & KIND_BIT.pairs) !== 0) sideBets = addByPlayer(bets, seat, 'pairs', sideBets, sideBetEntry);
    if ((kinds & KIND_BIT.superMatch) !== 0) sideBets = addByPlayer(bets, seat, 'superMatch', sideBets, sideBetEntry);
    const hands = boxHands(rules.boxes.handsPerBox, wagers);
    let follow: FollowChoice[] | null = null;
    for (let j = 0; j < wagers.length; j++) {
      const w = wagers[j] as Wager;
      if (w.kind !== 'behind') continue;
      const choice: FollowChoice = { player: w.player, double: false, split: false };
      if (follow === null) follow = [choice];
      else follow.push(choice);
    }
    boxes.push({ seat, owner, hands, sideBets: sideBets ?? [], insurance: [], offerPending: false, acted: false, follow: follow ?? [] });
  }
  s.boxes = boxes;
  emit({ type: 'betting.closed', round: s.round, seats });
}

/** A bit per bet kind, to know which kinds the round's bets hold. */
const KIND_BIT: Readonly<Record<BetKind, number>> = { main: 1, behind: 2, pairs: 4, superMatch: 8 };

export function refuseCancel(s: TableState, input: InputOf<'bet.cancel'>): Reason | null {
  if (input.kind !== undefined && !(BET_KINDS as readonly string[]).includes(input.kind)) return reason('unknownBetKind', { text: String(input.kind) });
  const matching = s.bets.filter((b) => b.seat === input.seat && b.player === input.player && (input.kind === undefined || b.kind === input.kind));
  if (matching.length > 0) return null;
  return input.kind === undefined
    ? reason('noBetToCancelAny', { player: input.player, seat: input.seat })
    : reason('noBetToCancel', { player: input.player, kind: input.kind, seat: input.seat });
}

/** Cancelling takes the player's bets back; a seat left without a main bet returns its other bets too. */
export function cancelBet(s: TableState, input: InputOf<'bet.cancel'>, emit: Emit): void {
  const taken = (b: PlacedBet) => b.seat === input.seat && b.player === input.player && (input.kind === undefined || b.kind === input.kind);
  let removed = s.bets.filter(taken);
  s.bets = s.bets.filter((b) => !taken(b));
  if (!s.bets.some((b) => b.seat === input.seat && b.kind === 'main')) {
    removed = [...removed, ...s.bets.filter((b) => b.seat === input.seat)];
    s.bets = s.bets.filter((b) => b.seat !== input.seat);
  }
  const totals = new Map<string, PlacedBet>();
  for (const b of removed) {
    const key = `${b.player}|${b.kind}`;
    const t = totals.get(key);
    totals.set(key, t ? { ...t, amount: t.amount + b.amount } : b);
  }
  for (const b of totals.values()) emit({ type: 'bet.cancelled', round: s.round, seat: b.seat, player: b.player, bet: b.kind, amount: b.amount });
}
