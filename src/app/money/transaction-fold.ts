// Wallet transactions from a table's log, incrementally (docs/event-log.md, "Transactions"): feed the
// stored events in log order — a page at a time, from the first event or from the first event of a round —
// and each fact that moves money yields its transactions. The fold keeps only the money of the rounds still
// open (dropped at round.ended) and the hands a box is dealt under each rule set the log configured, so its
// memory does not grow with the log and its work follows the events fed. Pure: no I/O, no clock.
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableEvent } from '../../round/events.js';
import { CONFIGURED_RECORD, factOf, isInputRecord, isNoteRecord } from '../audit/log-records.js';
import { FactTransactions } from './fact-transactions.js';
import { cancelPlaced, closeRound, openRound, type RoundMoney } from './round-money.js';
import { settleLine, unsettledAtEnd } from './settle-money.js';
import { chooseFollow, doubleHand, splitHand, takeInsurance } from './stake-changes.js';
import { MoneyMismatchError, type WalletTransaction } from './wallet-transaction.js';

export type FoldedEvent = Pick<StoredEvent, 'tableId' | 'seq' | 'round' | 'type' | 'data' | 'wallTime' | 'rulesId'>;

export interface TransactionFoldOptions {
  /** ISO 4217 code of the table's money (the table file's `currency`). */
  readonly currency: string;
  /** Hands a box is dealt (the rule set's `boxes.handsPerBox`) under rule sets configured before the first
   *  event fed, by rules id; the fold learns the others from the `table.configured` records it is fed. */
  readonly handsPerBox?: ReadonlyMap<string, number>;
}

/** The hands a box is dealt under the rule set a `table.configured` record carries (1 when it does not say). */
export function configuredHandsPerBox(event: Pick<StoredEvent, 'data'>): { rulesId: string; handsPerBox: number } {
  const data = event.data as { rulesId?: unknown; rules?: { boxes?: { handsPerBox?: unknown } } };
  const hands = data.rules?.boxes?.handsPerBox;
  return { rulesId: String(data.rulesId), handsPerBox: typeof hands === 'number' && Number.isInteger(hands) && hands >= 1 ? hands : 1 };
}

export class TransactionFold {
  private readonly rounds = new Map<number, RoundMoney>();
  private readonly handsPerBox: Map<string, number>;

  constructor(private readonly options: TransactionFoldOptions) {
    this.handsPerBox = new Map(options.handsPerBox ?? []);
  }

  /** Whether the fold knows how many hands a box is dealt under these rules. */
  knowsRules(rulesId: string): boolean {
    return this.handsPerBox.has(rulesId);
  }

  /** Rounds whose money is still held (not yet ended). */
  get openRounds(): number {
    return this.rounds.size;
  }

  /** The transactions of a page of events, in log order. */
  pushAll(events: Iterable<FoldedEvent>): WalletTransaction[] {
    const out: WalletTransaction[] = [];
    for (const event of events) for (const t of this.push(event)) out.push(t);
    return out;
  }

  /** The transactions `event` causes (none for most events). */
  push(event: FoldedEvent): WalletTransaction[] {
    if (event.type === CONFIGURED_RECORD) {
      const { rulesId, handsPerBox } = configuredHandsPerBox(event);
      this.handsPerBox.set(rulesId, handsPerBox);
      return [];
    }
    if (isInputRecord(event) || isNoteRecord(event.type)) return [];
    const fact = factOf(event);
    if (!MONEY_FACTS.has(fact.type)) return [];
    const tx = new FactTransactions({ table: event.tableId, round: event.round, seq: event.seq, wallTime: event.wallTime, currency: this.options.currency });
    this.apply(fact, event, tx);
    return tx.out;
  }

  private roundOf(round: number, seq: number): RoundMoney {
    const money = this.rounds.get(round);
    if (!money) throw new MoneyMismatchError(seq, `round ${round} moves money before its betting opened`);
    return money;
  }

  private apply(fact: TableEvent, event: FoldedEvent, tx: FactTransactions): void {
    const seq = event.seq;
    switch (fact.type) {
      case 'betting.opened':
        this.rounds.set(fact.round, openRound(fact.round));
        return;
      case 'bet.placed': {
        const money = this.roundOf(fact.round, seq);
        const debit = tx.debit({ seat: fact.seat, hand: 0, player: fact.player, bet: fact.bet }, fact.amount);
        if (debit) money.placed.push({ seat: fact.seat, player: fact.player, kind: fact.bet, debit });
        return;
      }
      case 'bet.cancelled':
        return cancelPlaced(this.roundOf(fact.round, seq), fact, tx);
      case 'betting.closed': {
        const hands = this.handsPerBox.get(event.rulesId);
        if (hands === undefined) throw new MoneyMismatchError(seq, `betting closes under rules ${event.rulesId}, and no table.configured record of them came before`);
        return closeRound(this.roundOf(fact.round, seq), hands, tx);
      }
      case 'insurance.taken':
        return takeInsurance(this.roundOf(fact.round, seq), fact, tx);
      case 'follow.chosen':
        return chooseFollow(this.roundOf(fact.round, seq), fact, seq);
      case 'hand.doubled':
        return doubleHand(this.roundOf(fact.round, seq), fact, tx);
      case 'hand.split':
        return splitHand(this.roundOf(fact.round, seq), fact, tx);
      case 'bet.settled':
        return settleLine(this.roundOf(fact.round, seq), fact, tx);
      case 'round.ended': {
        const left = unsettledAtEnd(this.roundOf(fact.round, seq));
        if (left !== undefined) throw new MoneyMismatchError(seq, `round ${fact.round} ends with ${left} neither settled nor returned`);
        this.rounds.delete(fact.round);
        return;
      }
      default:
        return;
    }
  }
}

/** The facts that open, move or close a round's money; the others (cards, turns, switches, even money taken,
 *  pauses) move none: even money is paid by its bet.settled line, a switch swaps cards, not stakes. */
const MONEY_FACTS: ReadonlySet<string> = new Set([
  'betting.opened', 'bet.placed', 'bet.cancelled', 'betting.closed', 'insurance.taken', 'follow.chosen',
  'hand.doubled', 'hand.split', 'bet.settled', 'round.ended',
]);

/** Every transaction of `events` (a whole log, or a round from its first event). */
export function deriveTransactions(events: Iterable<FoldedEvent>, options: TransactionFoldOptions): WalletTransaction[] {
  return new TransactionFold(options).pushAll(events);
}
