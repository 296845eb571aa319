// Plays rounds through a table with a bot on a seeded shoe and no log: the round machine's own workload,
// for benchmarks (bench/engine.ts) and the golden fact streams. Randomness is an input (a [0,1) source);
// the driver only submits what a table would receive — shoe loads, cards, the cut card, bets, decisions,
// the results timer's expiry.
import type { Card } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Hand } from '../../rules/hand.js';
import type { HandAction } from '../../rules/player-actions.js';
import type { TableEvent } from '../../round/events.js';
import type { TableInput } from '../../round/inputs.js';
import type { TableState } from '../../round/table-state.js';
import { handInTurn } from '../../round/operations/hands.js';
import { refuseDecision } from '../../round/operations/play.js';
import { basicStrategyPlayer, hit17Player, type Player } from './player.js';
import { shuffle } from '../../random/prng.js';

/** What the driver needs of a table: TableEngine in process, or a service wrapped to look like one. */
export interface SteppedTable {
  readonly phase: string;
  readonly table: TableState;
  submit(input: TableInput): readonly TableEvent[];
}

export interface SteppedAsyncTable {
  readonly phase: string;
  readonly table: TableState;
  submit(input: TableInput): Promise<readonly TableEvent[]>;
}

/** `hit17`: hit below 17, stand on 17 or more (never splits, doubles, insures). `basic`: basic strategy. */
export type BotStrategy = 'hit17' | 'basic';

export interface BotRoundsOptions {
  readonly rounds: number;
  readonly strategy: BotStrategy;
  readonly random: () => number;
  readonly seats?: readonly number[];
  readonly stake?: number;
  /** Where the cut card sits, as a fraction of the shoe (0.75: a quarter stays behind it). */
  readonly penetration?: number;
  /** Sees every input and its facts (a golden stream, a log). */
  readonly onStep?: (input: TableInput, facts: readonly TableEvent[]) => void;
}

export interface BotRoundsResult {
  readonly rounds: number;
  readonly inputs: number;
  readonly facts: number;
  readonly shoes: number;
}

/** A shoe of the rule set's composition, shuffled (Fisher–Yates, random/prng.ts) with `random`. */
export function seededShoe(rules: RuleSet, random: () => number): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < rules.deck.decks; d++) {
    for (const rank of rules.deck.ranks) for (const suit of rules.deck.suits) cards.push(`${rank}${suit}` as Card);
  }
  return shuffle(cards, random);
}

const PLAYERS = ['ana', 'boris', 'chen', 'dara', 'emil', 'fay', 'gus', 'hal', 'ivy'];

/** The table refused a bot input: the bot and the rules disagree (a bug in one of them). */
export class BotRefusedError extends Error {
  constructor(readonly fact: TableEvent) {
    super(`the table refused the bot: ${JSON.stringify(fact)}`);
  }
}

/** The bot's side of the table: given where the table is, the next input it would send. */
export class BotPlayer {
  private shoe: Card[] = [];
  private cutAt = 0;
  private drawn = 0;
  /** A cut card to send right after the card just drawn. */
  private cutCardNext = false;
  shoes = 0;
  private readonly seats: readonly number[];
  private readonly stake: number;
  private readonly penetration: number;
  private betsSent = 0;
  /** What the bot does with a hand in turn. */
  private readonly player: Player;

  constructor(private readonly rules: RuleSet, private readonly options: Pick<BotRoundsOptions, 'strategy' | 'random' | 'seats' | 'stake' | 'penetration'>) {
    this.seats = options.seats ?? [1];
    this.stake = options.stake ?? 1000;
    this.penetration = options.penetration ?? 0.75;
    this.player = options.strategy === 'hit17' ? hit17Player(rules) : basicStrategyPlayer(rules);
  }

  next(phase: string, s: TableState): TableInput {
    if (this.cutCardNext) {
      this.cutCardNext = false;
      return { type: 'cut-card' };
    }
    switch (phase) {
      case 'active.awaitingShoe':
        this.shoe = seededShoe(this.rules, this.options.random);
        // At least 8 cards a box (and the dealer) behind the cut card, so the last round of a small shoe
        // (17+4: 32 cards) finishes.
        this.cutAt = Math.max(1, Math.min(Math.floor(this.shoe.length * this.penetration), this.shoe.length - 8 * (this.seats.length + 1)));
        this.drawn = 0;
        this.shoes++;
        return { type: 'shoe.loaded' };
      case 'active.burning':
      case 'active.dealing':
      case 'active.dealerTurn':
        return this.draw();
      // A table with a results moment (src/round/operations/results.ts): the results timer ends it.
      case 'active.results':
        return { type: 'results.timeout' };
      case 'active.betting': {
        if (s.bets.length === 0) this.betsSent = 0;
        const seat = this.seats[this.betsSent];
        if (seat === undefined) return { type: 'betting.closed' };
        this.betsSent++;
        return { type: 'bet', seat, player: PLAYERS[(seat - 1) % PLAYERS.length] as string, amount: this.stake };
      }
      case 'active.offers': {
        const box = s.boxes.find((b) => b.offerPending);
        if (!box) throw new Error('offers open but none pending');
        return { type: 'decision', seat: box.seat, action: 'noInsurance' };
      }
      case 'active.playing': {
        const turn = handInTurn(s);
        if (!turn) throw new Error('playing with no hand in turn');
        if (turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) return this.draw();
        const seat = turn.box.seat;
        return { type: 'decision', seat, hand: turn.hand.index, action: decide(s, this.rules, this.player, seat, turn.hand) };
      }
      default:
        throw new Error(`the bot cannot play in phase ${phase}`);
    }
  }

  private draw(): TableInput {
    const card = this.shoe[this.drawn++];
    if (card === undefined) throw new Error(`shoe ${this.shoes} ran out of cards`);
    if (this.drawn === this.cutAt) this.cutCardNext = true;
    return { type: 'card', card };
  }
}

/** Counts what a bot session caused: rounds ended, inputs and facts; a refused bot input is a bug. */
class Tally {
  rounds = 0;
  inputs = 0;
  facts = 0;

  constructor(private readonly options: BotRoundsOptions) {}

  count(input: TableInput, got: readonly TableEvent[]): void {
    this.inputs++;
    this.facts += got.length;
    for (let i = 0; i < got.length; i++) {
      const fact = got[i] as TableEvent;
      if (fact.type === 'round.ended') this.rounds++;
      else if (fact.type === 'input.rejected') throw new BotRefusedError(fact);
    }
    this.options.onStep?.(input, got);
  }

  result(bot: BotPlayer): BotRoundsResult {
    return { rounds: this.rounds, inputs: this.inputs, facts: this.facts, shoes: bot.shoes };
  }
}

/** Plays `rounds` complete rounds (round.ended facts) on a table that answers at once (TableEngine). */
export function playBotRounds(table: SteppedTable, rules: RuleSet, options: BotRoundsOptions): BotRoundsResult {
  const bot = new BotPlayer(rules, options);
  const tally = new Tally(options);
  while (tally.rounds < options.rounds) {
    const input = bot.next(table.phase, table.table);
    tally.count(input, table.submit(input) as readonly TableEvent[]);
  }
  return tally.result(bot);
}

/** The same through a table that answers later (TableService: step, append, publish). */
export async function playBotRoundsAsync(table: SteppedAsyncTable, rules: RuleSet, options: BotRoundsOptions): Promise<BotRoundsResult> {
  const bot = new BotPlayer(rules, options);
  const tally = new Tally(options);
  while (tally.rounds < options.rounds) {
    const input = bot.next(table.phase, table.table);
    tally.count(input, await table.submit(input));
  }
  return tally.result(bot);
}

/** The table and seat the bot's legality check asks about, set just before each decision (one check
 *  function for all: no closure per decision). */
let legalTable: TableState | null = null;
let legalRules: RuleSet | null = null;
let legalSeat = 0;
const legal = (p: HandAction): boolean => refuseDecision(legalTable as TableState, legalRules as RuleSet, { type: 'decision', seat: legalSeat, action: p }) === null;

function decide(s: TableState, rules: RuleSet, player: Player, seat: number, hand: Hand): HandAction {
  const up = s.dealer.cards[0];
  // The dealer's up card is dealt before any hand is played.
  if (up === undefined) return 'stand';
  legalTable = s;
  legalRules = rules;
  legalSeat = seat;
  try {
    return player.decide(hand, 1, up, legal);
  } finally {
    legalTable = legalRules = null;
  }
}
