// The stacked-shoe builder: lays the cards of a StackSpec in draw order for a rule set's own burn rule
// (src/rules/burn.ts) and deal order (src/rules/deal-order.ts) by asking the round machine itself. Before
// each card a copy of the table (TableEngine restored from its snapshot) takes a probe card; where the probe
// goes — burned, to seat S hand H, to the dealer — is where the next card goes, so the order is always the
// machine's. When the probe is not taken, a decision is awaited: the hand in turn decides from its script.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';
import { TableEngine } from '../round/table-engine.js';
import { parseStackSpec, StackSpecError, type HandStep, type StackSpec } from './stack-spec.js';

export interface StackedShoe {
  /** The session: shoe.loaded, burn, bets, betting.closed, then cards and decisions in the machine's order. */
  readonly inputs: TableInput[];
  /** Every fact the round machine gave for them. */
  readonly facts: TableEvent[];
}

const PROBE = '2C';
const FILLER = '2C';
const MAX_STEPS = 1000;

export function stackShoe(rules: RuleSet, specOrText: StackSpec | string): StackedShoe {
  const spec = typeof specOrText === 'string' ? parseStackSpec(specOrText) : specOrText;
  const engine = new TableEngine(rules);
  const inputs: TableInput[] = [];
  const facts: TableEvent[] = [];
  const queues = new Map<string, HandStep[]>(Object.entries(spec.hands).map(([k, v]) => [k.includes('.') ? k : `${k}.0`, [...v]]));
  const dealer = [...spec.dealer];
  const burn = [...(spec.burn ?? [])];
  let turn: { seat: number; hand: number } | null = null;
  const submit = (input: TableInput): TableEvent[] => {
    inputs.push(input);
    const out = engine.submit(input, inputs.length);
    facts.push(...out);
    for (const f of out) {
      if (f.type === 'turn.started') turn = { seat: f.seat, hand: f.hand };
      if (f.type === 'input.rejected') throw new StackSpecError(`the table refused ${JSON.stringify(input)}: ${f.reason}`);
    }
    return out;
  };
  const seats = [...new Set([...queues.keys()].map((k) => Number(k.split('.')[0])))].sort((a, b) => a - b);

  submit({ type: 'shoe.loaded' });
  driveCards(() => facts.some((f) => f.type === 'betting.opened'));
  for (const seat of seats) submit({ type: 'bet', seat, player: `p${seat}`, amount: spec.bets?.[seat] ?? 1000 });
  submit({ type: 'betting.closed' });
  driveCards(() => facts.some((f) => f.type === 'round.ended'));
  const unused = [...[...queues].flatMap(([hand, q]) => q.filter((s) => 'card' in s).map((s) => `${(s as { card: string }).card} (seat ${hand.replace('.', ' hand ')})`)), ...dealer.map((c) => `${c} (dealer)`)];
  if (unused.length > 0) throw new StackSpecError(`the round ended without these cards: ${unused.join(', ')}`);
  return { inputs, facts };

  function driveCards(done: () => boolean): void {
    for (let i = 0; i < MAX_STEPS && !done(); i++) {
      const probe = new TableEngine(rules, engine.persistedSnapshot()).submit({ type: 'card', card: PROBE });
      const first = probe.find((f) => f.type === 'card.burned' || f.type === 'card.dealt' || f.type === 'dealer.card');
      if (first?.type === 'card.burned') submit({ type: 'card', card: burn.shift() ?? FILLER });
      else if (first?.type === 'card.dealt') submit({ type: 'card', card: nextCard(`${first.seat}.${first.hand}`) });
      else if (first?.type === 'dealer.card') {
        const card = dealer.shift();
        if (card === undefined) throw new StackSpecError(`the dealer needs another card (${first.hole ? 'the hole card' : 'a draw'}): add it to dealer=…`);
        submit({ type: 'card', card });
      } else decide(probe);
    }
    if (!done()) throw new StackSpecError(`the round did not end after ${MAX_STEPS} steps`);
  }

  function nextCard(hand: string): string {
    const step = queues.get(hand)?.[0];
    if (step === undefined) throw new StackSpecError(`seat ${hand.replace('.', ' hand ')} needs another card: add it to s${hand.replace(/\.0$/, '')}=…`);
    if (!('card' in step)) throw new StackSpecError(`seat ${hand.replace('.', ' hand ')} is dealt a card here, but its next item is "${step.action}"`);
    queues.get(hand)?.shift();
    return step.card;
  }

  function decide(probe: readonly TableEvent[]): void {
    const offers = [...facts].reverse().find((f) => f.type === 'offers.opened');
    const answered = new Set(facts.filter((f) => f.type === 'insurance.taken' || f.type === 'insurance.declined' || f.type === 'evenMoney.taken').map((f) => (f as { seat: number }).seat));
    if (offers?.type === 'offers.opened' && turn === null) {
      const seat = [...offers.insurance, ...offers.evenMoney].find((s) => !answered.has(s));
      if (seat !== undefined) {
        const step = queues.get(`${seat}.0`)?.[0];
        const wanted = step !== undefined && 'action' in step && (step.action === 'insurance' || step.action === 'evenMoney');
        if (wanted) queues.get(`${seat}.0`)?.shift();
        submit({ type: 'decision', seat, action: wanted ? (step as { action: string }).action : 'noInsurance' });
        return;
      }
    }
    const current: { seat: number; hand: number } | null = turn;
    if (current === null) throw new StackSpecError(`the table takes no card and awaits no decision now (a probe card gave ${probe.map((f) => f.type).join(', ') || 'nothing'})`);
    const { seat, hand } = current;
    const step = queues.get(`${seat}.${hand}`)?.[0];
    if (step !== undefined && 'action' in step) queues.get(`${seat}.${hand}`)?.shift();
    const action = step === undefined ? 'stand' : 'action' in step ? step.action : 'hit';
    submit({ type: 'decision', seat, hand, action });
  }
}
