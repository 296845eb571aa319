// What the players' page (/play) may offer right now: the bet kinds of the rule set while betting is
// open, and the decisions the round machine would accept from the box it is waiting for. Asked of the
// same refusal checks the machine runs (refuseDecision, refuseOfferAnswer), so the page shows exactly
// the actions the game and the moment allow. Pure: derived from the live table state.
import { half } from '../rules/payout.js';
import type { RuleSet } from '../rules/rule-set.js';
import { BET_KINDS, type BetKind, type DecisionAction } from './inputs.js';
import { findBox, handInTurn } from './operations/hands.js';
import { refuseOfferAnswer } from './operations/offers.js';
import { refuseDecision } from './operations/play.js';
import { awaitedDecision } from './awaited-decision.js';
import type { TableState } from './table-state.js';

/** An amount the player chooses, in minor units (european: double for less, partial insurance). */
export interface AmountRange {
  readonly min: number;
  readonly max: number;
}

export interface PlayOptions {
  /** Bets are accepted now (betting open, table not paused). */
  readonly betting: boolean;
  /** The bet kinds this rule set has. */
  readonly betKinds: readonly BetKind[];
  /** Main and side bet limits, minor units. */
  readonly limits: { readonly min: number; readonly max: number; readonly sideMin: number; readonly sideMax: number };
  /** The decision the table waits for; hands count from 0 as in the API. */
  readonly awaiting: { readonly kind: 'play' | 'offer'; readonly seat: number; readonly hand: number; readonly owner: string } | null;
  /** The box the table waits for is played by the demo's bot (`shoe start` without `--manual`): nothing is
   *  offered for it here (the web adapter's play route sets it). */
  readonly botSeat?: number;
  /** The decisions the awaited box's owner may send now. */
  readonly actions: readonly DecisionAction[];
  /** Players betting behind the awaited box who may still choose to follow a double or a split. */
  readonly followers: readonly string[];
  /** Present when the player may choose the amount of that decision. */
  readonly amounts: { readonly double?: AmountRange; readonly insurance?: AmountRange };
}

const PLAY_ACTIONS: readonly DecisionAction[] = ['hit', 'stand', 'double', 'split', 'surrender', 'switch'];
const OFFER_ANSWERS: readonly DecisionAction[] = ['insurance', 'noInsurance', 'evenMoney'];

function betKinds(rules: RuleSet): BetKind[] {
  return BET_KINDS.filter((kind) => {
    switch (kind) {
      case 'main':
        return true;
      case 'behind':
        return rules.boxes.betBehind;
      case 'pairs':
      case 'superMatch':
        return rules.sideBets[kind] !== undefined;
    }
  });
}

/** The live table the options are read from: its state, the round machine's phase and the rule set. */
export interface LiveTableState {
  readonly table: TableState;
  readonly phase: string;
  readonly rules: RuleSet;
}

export function playOptions({ table, phase, rules }: LiveTableState): PlayOptions {
  const { min, max, sideMin, sideMax } = rules.limits;
  const base = { betting: phase === 'active.betting', betKinds: betKinds(rules), limits: { min, max, sideMin, sideMax } };
  const awaited = awaitedDecision(table, phase);
  const box = awaited ? findBox(table, awaited.seat) : undefined;
  if (!awaited || !box) return { ...base, awaiting: null, actions: [], followers: [], amounts: {} };
  const seat = awaited.seat;
  const amounts: { double?: AmountRange; insurance?: AmountRange } = {};
  let actions: DecisionAction[];
  if (awaited.kind === 'offer') {
    actions = OFFER_ANSWERS.filter((action) => refuseOfferAnswer(table, rules, { type: 'decision', seat, action }) === null);
    const stake = box.hands[0]?.wagers.filter((w) => w.player === box.owner).reduce((sum, w) => sum + w.original, 0) ?? 0;
    if (actions.includes('insurance') && rules.insurance.partial) amounts.insurance = { min: 1, max: half(stake) };
  } else {
    actions = PLAY_ACTIONS.filter((action) => refuseDecision(table, rules, { type: 'decision', seat, action }) === null);
    const original = handInTurn(table)?.hand.wagers[0]?.original ?? 0;
    if (actions.includes('double') && rules.double.forLess) amounts.double = { min: Math.min(rules.limits.min, original), max: original };
  }
  const followers = awaited.kind === 'play' && rules.boxes.betBehind ? box.follow.filter((f) => !f.double || !f.split).map((f) => f.player) : [];
  return { ...base, awaiting: { kind: awaited.kind, seat, hand: awaited.hand, owner: box.owner }, actions, followers, amounts };
}
