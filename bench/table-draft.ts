// An operation's draft of the table with structural sharing by section (the `sections` candidate of
// bench/table-draft-modes.ts, measured against the product's copy; not used by the product): the draft starts with
// every section — shoe, bets, boxes, dealer, shoe faults — shared with the state before; the first time
// an operation reaches a section it gets its own copy of that section only (what operations may change in
// it: copyBox, the shoe's 52 counts...). finish() gives the next state as a plain object: changed
// sections new, the rest the very same objects as before. The state before is never changed.
import type { Hand } from '../src/rules/hand.js';
import type { Box, DealerHand, PendingFaultCard, PlacedBet, ShoeState, TableState } from '../src/round/table-state.js';
import type { ShoeFault } from '../src/round/inputs.js';

export class TableDraft implements TableState {
  round: number;
  dealt: number;
  faultCard: PendingFaultCard | null;
  announcedTurn: string | null;
  private ownShoe: ShoeState | null | undefined;
  private ownBets: PlacedBet[] | undefined;
  private ownBoxes: Box[] | undefined;
  private ownDealer: DealerHand | undefined;
  private ownShoeFaults: ShoeFault[] | undefined;

  constructor(private readonly base: TableState) {
    this.round = base.round;
    this.dealt = base.dealt;
    this.faultCard = base.faultCard;
    this.announcedTurn = base.announcedTurn;
  }

  get shoe(): ShoeState | null {
    if (this.ownShoe === undefined) {
      const s = this.base.shoe;
      this.ownShoe = s && { ...s, drawn: s.drawn.slice() };
    }
    return this.ownShoe;
  }
  set shoe(value: ShoeState | null) {
    this.ownShoe = value;
  }

  get bets(): PlacedBet[] {
    return (this.ownBets ??= this.base.bets.slice());
  }
  set bets(value: PlacedBet[]) {
    this.ownBets = value;
  }

  get boxes(): Box[] {
    if (this.ownBoxes === undefined) {
      const from = this.base.boxes;
      const boxes = new Array<Box>(from.length);
      for (let i = 0; i < boxes.length; i++) boxes[i] = copyBox(from[i] as Box);
      this.ownBoxes = boxes;
    }
    return this.ownBoxes;
  }
  set boxes(value: Box[]) {
    this.ownBoxes = value;
  }

  get dealer(): DealerHand {
    return (this.ownDealer ??= { ...this.base.dealer, cards: this.base.dealer.cards.slice() });
  }
  set dealer(value: DealerHand) {
    this.ownDealer = value;
  }

  get shoeFaults(): ShoeFault[] {
    return (this.ownShoeFaults ??= this.base.shoeFaults.slice());
  }
  set shoeFaults(value: ShoeFault[]) {
    this.ownShoeFaults = value;
  }

  /** The next state: a plain object, new where the operation reached, shared elsewhere. */
  finish(): TableState {
    const b = this.base;
    if (
      this.ownShoe === undefined && this.ownBets === undefined && this.ownBoxes === undefined && this.ownDealer === undefined &&
      this.ownShoeFaults === undefined && this.round === b.round && this.dealt === b.dealt && this.faultCard === b.faultCard &&
      this.announcedTurn === b.announcedTurn
    ) return b;
    return {
      shoe: this.ownShoe === undefined ? b.shoe : this.ownShoe,
      round: this.round,
      bets: this.ownBets ?? b.bets,
      boxes: this.ownBoxes ?? b.boxes,
      dealer: this.ownDealer ?? b.dealer,
      dealt: this.dealt,
      faultCard: this.faultCard,
      shoeFaults: this.ownShoeFaults ?? b.shoeFaults,
      announcedTurn: this.announcedTurn,
    };
  }
}

/** What operations may change in a box: its hands (cards, wagers list, flags), side bets, insurance, follow choices. */
export function copyBox(b: Box): Box {
  const hands = new Array<Hand>(b.hands.length);
  for (let i = 0; i < hands.length; i++) {
    const h = b.hands[i] as Hand;
    hands[i] = { ...h, cards: h.cards.slice(), wagers: h.wagers.slice() };
  }
  return {
    ...b,
    hands,
    sideBets: b.sideBets.length === 0 ? [] : b.sideBets.map((x) => ({ ...x })),
    insurance: b.insurance.length === 0 ? [] : b.insurance.map((x) => ({ ...x })),
    follow: b.follow.length === 0 ? [] : b.follow.map((x) => ({ ...x })),
  };
}
