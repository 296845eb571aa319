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

/** Totals per player of one kind on a seat, in the order players first bet. */
function stakesBy(bets: readonly PlacedBet[], seat: number, kind: BetKind): Array<{ player: string; stake: number }> {
  const out: Array<{ player: string; stake: number }> = [];
  for (const b of bets) {
    if (b.seat !== seat || b.kind !== kind) continue;
    let found = false;
    for (const t of out) {
      if (t.player === b.player) {
        t.stake += b.amount;
        found = true;
        break;
      }
    }
    if (!found) out.push({ player: b.player, stake: b.amount });
  }
  return out;
}

/** Betting closes: each seat with a main bet becomes a box of dealt hands carrying its wagers. */
export function closeBetting(s: TableState, rules: RuleSet, emit: Emit): void {
  const bets = s.bets;
  // The seats with a main bet, in ascending order (an insertion as each is found: no sort, no closure).
  const seats: number[] = [];
  let kinds = 0;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i] as PlacedBet;
    kinds |= KIND_BIT[b.kind];
    if (b.kind !== 'main' || seats.includes(b.seat)) continue;
    let at = seats.length;
    while (at > 0 && (seats[at - 1] as number) > b.seat) at--;
    seats.splice(at, 0, b.seat);
  }
  const boxes: Box[] = [];
  for (const seat of seats) {
    const main = stakesBy(bets, seat, 'main');
    // A kind no bet has gives no totals (the same empty list, not looked for).
    const behind = (kinds & KIND_BIT.behind) !== 0 ? stakesBy(bets, seat, 'behind') : [];
    const wagers: Wager[] = [];
    for (const m of main) wagers.push({ player: m.player, kind: 'main', original: m.stake, stake: m.stake });
    for (const m of behind) wagers.push({ player: m.player, kind: 'behind', original: m.stake, stake: m.stake });
    const sideBets: SideBet[] = [];
    for (const kind of SIDE_BET_KINDS) {
      if ((kinds & KIND_BIT[kind]) === 0) continue;
      for (const x of stakesBy(bets, seat, kind)) sideBets.push({ player: x.player, kind, stake: x.stake, settled: false });
    }
    const hands: Hand[] = [];
    for (let i = 0; i < rules.boxes.handsPerBox; i++) hands.push(newHand(i, wagers));
    const follow: FollowChoice[] = [];
    for (const b of behind) follow.push({ player: b.player, double: false, split: false });
    boxes.push({ seat, owner: main[0]?.player ?? '', hands, sideBets, insurance: [], offerPending: false, acted: false, follow });
  }
  s.boxes = boxes;
  emit({ type: 'betting.closed', round: s.round, seats });
}

/** A bit per bet kind, to know which kinds the round's bets hold. */
const KIND_BIT: Readonly<Record<BetKind, number>> = { main: 1, behind: 2, pairs: 4, superMatch: 8 };

const SIDE_BET_KINDS = ['pairs', 'superMatch'] as const;

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
