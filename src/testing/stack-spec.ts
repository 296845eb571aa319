// The text of a stacked shoe (`shoe stack --rules NAME SPEC`, docs/qa.md): what each box and the dealer
// receive, never the draw order. Tokens separated by spaces:
//   s3=8H,8D,split,5C,stand   seat 3 hand 0: its cards in the order it gets them, and its decisions
//   s3@2000=…                 the same with a main bet of 2000 (default 1000)
//   s3.1=9C,double,2D         seat 3 hand 1 (made by a split): the cards it draws and its decisions
//   dealer=6H,TS,5C           the dealer's cards in the order received (up card, hole card where the
//                             rule set has one, then the draws)
//   burn=2C                   the burn cards (default: 2C, then as many fillers as the burn rule asks)
// A hand whose next item is a card when its decision is awaited hits; a hand with nothing left stands.
import { DECISION_ACTIONS } from '../round/inputs.js';

export type HandStep = { readonly card: string } | { readonly action: string };

export interface StackSpec {
  /** Main bets by seat (minor units); a seat named only in `hands` bets 1000. */
  readonly bets?: Readonly<Record<number, number>>;
  /** "seat" or "seat.hand" → what that hand receives and decides, in order. */
  readonly hands: Readonly<Record<string, readonly HandStep[]>>;
  readonly dealer: readonly string[];
  readonly burn?: readonly string[];
}

export class StackSpecError extends Error {}

const ACTIONS = new Set<string>(DECISION_ACTIONS);

function steps(text: string, token: string): HandStep[] {
  return text.split(',').filter((t) => t !== '').map((t) => {
    if (ACTIONS.has(t)) return { action: t };
    if (/^(10|[2-9TJQKA])[CDHS]$/i.test(t)) return { card: t.toUpperCase() };
    throw new StackSpecError(`"${token}": "${t}" is neither a card (e.g. TS, 9H) nor a decision (${[...ACTIONS].join(', ')})`);
  });
}

export function parseStackSpec(text: string): StackSpec {
  const hands: Record<string, HandStep[]> = {};
  const bets: Record<number, number> = {};
  let dealer: string[] | null = null;
  let burn: string[] | undefined;
  for (const token of text.split(/\s+/).filter((t) => t !== '')) {
    const [key = '', value = ''] = token.split('=', 2);
    if (key === 'dealer') dealer = steps(value, token).map((s) => ('card' in s ? s.card : failNotCard(token)));
    else if (key === 'burn') burn = steps(value, token).map((s) => ('card' in s ? s.card : failNotCard(token)));
    else {
      const m = /^s(\d+)(?:\.(\d+))?(?:@(\d+))?$/.exec(key);
      if (!m) throw new StackSpecError(`"${token}": expected sSEAT[.HAND][@BET]=…, dealer=… or burn=…`);
      const seat = Number(m[1]);
      if (m[3] !== undefined) bets[seat] = Number(m[3]);
      hands[m[2] !== undefined ? `${seat}.${m[2]}` : `${seat}`] = steps(value, token);
    }
  }
  if (dealer === null) throw new StackSpecError('the spec names no dealer cards (dealer=UP,HOLE,…)');
  return { hands, bets, dealer, ...(burn !== undefined ? { burn } : {}) };
}

function failNotCard(token: string): never {
  throw new StackSpecError(`"${token}": only cards here`);
}
