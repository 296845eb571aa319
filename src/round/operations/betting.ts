// Betting: placing bets within the rule set's limits and box rules, and closing betting (issue 2).
import type { RuleSet } from '../../rules/rule-set.js';
import type { Hand, Wager } from '../../rules/hand.js';
import { BET_KINDS, type BetKind, type InputOf } from '../inputs.js';
import type { Box, Emit, PlacedBet, TableState } from '../table-state.js';

export function openBetting(s: TableState, emit: Emit): void {
  s.round += 1;
  s.bets = [];
  s.boxes = [];
  s.dealer = { cards: [], holeRevealed: false, natural: null };
  s.dealt = 0;
  s.announcedTurn = null;
  emit({ type: 'betting.opened', round: s.round });
}

function sumOf(bets: readonly PlacedBet[], filter: (b: PlacedBet) => boolean): number {
  return bets.filter(filter).reduce((sum, b) => sum + b.amount, 0);
}

function seatOwner(bets: readonly PlacedBet[], seat: number): string | undefined {
  return bets.find((b) => b.seat === seat && b.kind === 'main')?.player;
}

/** The reason a bet is refused, or null when it may be placed. */
export function refuseBet(s: TableState, rules: RuleSet, input: InputOf<'bet'>): string | null {
  const kind = (input.kind ?? 'main') as BetKind;
  if (!(BET_KINDS as readonly string[]).includes(kind)) return `unknown bet kind "${input.kind}"`;
  if (!Number.isInteger(input.seat) || input.seat < 1 || input.seat > rules.seats) {
    return `seat ${input.seat} does not exist: ${rules.name} has seats 1 to ${rules.seats}`;
  }
  if (!Number.isInteger(input.amount) || input.amount <= 0) return 'amount must be a positive whole number of minor units';
  const { seat, player, amount } = input;
  const owner = seatOwner(s.bets, seat);
  const mine = (k: BetKind) => sumOf(s.bets, (b) => b.seat === seat && b.player === player && b.kind === k);
  const l = rules.limits;
  switch (kind) {
    case 'main': {
      const stake = mine('main') + amount;
      if (stake < l.min || stake > l.max) return `stake ${stake} outside the table limits ${l.min}–${l.max}`;
      const players = new Set(s.bets.filter((b) => b.seat === seat && b.kind === 'main').map((b) => b.player));
      if (!players.has(player) && players.size >= rules.boxes.playersPerBox) {
        return rules.boxes.playersPerBox === 1 ? `seat ${seat} is taken by ${owner}` : `box ${seat} already has ${players.size} players`;
      }
      if (s.bets.some((b) => b.seat === seat && b.kind === 'behind' && b.player === player)) return `${player} bets behind seat ${seat}`;
      const boxTotal = sumOf(s.bets, (b) => b.seat === seat && (b.kind === 'main' || b.kind === 'behind')) + amount;
      if (l.boxMax !== undefined && boxTotal > l.boxMax) return `box ${seat} total ${boxTotal} over the box maximum ${l.boxMax}`;
      const otherSeats = new Set(s.bets.filter((b) => b.kind === 'main' && b.player === player && b.seat !== seat).map((b) => b.seat));
      if (mine('main') === 0 && otherSeats.size >= rules.boxes.seatsPerPlayer) {
        return `${player} already holds ${otherSeats.size} seat(s), the most ${rules.name} allows`;
      }
      if (rules.boxes.equalStakesAcrossSeats) {
        // deluxe: a player holding two seats has equal stakes on both.
        for (const other of otherSeats) {
          const there = sumOf(s.bets, (b) => b.seat === other && b.player === player && b.kind === 'main');
          if (there !== stake) return `stakes on seats ${other} and ${seat} must be equal (${there} ≠ ${stake})`;
        }
      }
      return null;
    }
    case 'behind': {
      if (!rules.boxes.betBehind) return `${rules.name} has no bet behind`;
      if (owner === undefined) return `no seated player on seat ${seat} to bet behind`;
      if (owner === player) return 'a seated player cannot bet behind their own seat';
      if (s.bets.some((b) => b.seat === seat && b.kind === 'main' && b.player === player)) return `${player} plays on seat ${seat}`;
      const stake = mine('behind') + amount;
      if (stake < l.min || stake > l.max) return `stake ${stake} outside the table limits ${l.min}–${l.max}`;
      return null;
    }
    case 'pairs':
    case 'superMatch': {
      if (rules.sideBets[kind] === undefined) return `${rules.name} has no ${kind} side bet`;
      if (owner === undefined) return `${kind} needs a main bet on seat ${seat}`;
      const stake = mine(kind) + amount;
      if (stake < l.sideMin || stake > l.sideMax) return `side bet ${stake} outside the limits ${l.sideMin}–${l.sideMax}`;
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
  return s.bets.some((b) => b.kind === 'main');
}

function newHand(index: number, wagers: Wager[]): Hand {
  return {
    index, origin: index, cards: [], fromSplit: false, splitAces: false, ownSecondCard: true,
    doubles: 0, pendingDraw: null, actions: 0, auto: false, status: 'open', wagers, settled: false,
  };
}

/** Totals per player of one kind on a seat, in the order players first bet. */
function stakesBy(bets: readonly PlacedBet[], seat: number, kind: BetKind): Array<{ player: string; stake: number }> {
  const totals = new Map<string, number>();
  for (const b of bets) if (b.seat === seat && b.kind === kind) totals.set(b.player, (totals.get(b.player) ?? 0) + b.amount);
  return [...totals].map(([player, stake]) => ({ player, stake }));
}

/** Betting closes: each seat with a main bet becomes a box of dealt hands carrying its wagers. */
export function closeBetting(s: TableState, rules: RuleSet, emit: Emit): void {
  const seats = [...new Set(s.bets.filter((b) => b.kind === 'main').map((b) => b.seat))].sort((a, b) => a - b);
  s.boxes = seats.map((seat): Box => {
    const main = stakesBy(s.bets, seat, 'main');
    const behind = stakesBy(s.bets, seat, 'behind');
    const wagers: Wager[] = [
      ...main.map((m) => ({ player: m.player, kind: 'main' as const, original: m.stake, stake: m.stake })),
      ...behind.map((m) => ({ player: m.player, kind: 'behind' as const, original: m.stake, stake: m.stake })),
    ];
    const sideBets = (['pairs', 'superMatch'] as const).flatMap((kind) =>
      stakesBy(s.bets, seat, kind).map((x) => ({ player: x.player, kind, stake: x.stake, settled: false })),
    );
    return {
      seat,
      owner: main[0]?.player ?? '',
      hands: Array.from({ length: rules.boxes.handsPerBox }, (_, i) => newHand(i, wagers)),
      sideBets,
      insurance: [],
      offerPending: false,
      acted: false,
      follow: behind.map((b) => ({ player: b.player, double: false, split: false })),
    };
  });
  emit({ type: 'betting.closed', round: s.round, seats });
}

export function refuseCancel(s: TableState, input: InputOf<'bet.cancel'>): string | null {
  if (input.kind !== undefined && !(BET_KINDS as readonly string[]).includes(input.kind)) return `unknown bet kind "${input.kind}"`;
  const matching = s.bets.filter((b) => b.seat === input.seat && b.player === input.player && (input.kind === undefined || b.kind === input.kind));
  return matching.length === 0 ? `${input.player} has no ${input.kind ?? ''} bet on seat ${input.seat}`.replace('  ', ' ') : null;
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
