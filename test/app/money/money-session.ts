// A random session that moves money every way the round machine can: bets placed and cancelled, insurance
// (partial where the rules allow), even money, doubles (for less where allowed), splits, bets behind following
// a double or a split, side bets, surrender, switch, and pauses voided at any step — betting, the deal, play.
// Seeded, so a failing run repeats. Inputs go to the table service as a live table gets them (refused ones too).
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { handInTurn } from '../../../src/round/operations/hands.js';
import { refuseOfferAnswer } from '../../../src/round/operations/offers.js';
import { refuseDecision } from '../../../src/round/operations/play.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { mulberry32, shuffledShoe } from '../../support/random-session.js';

const PLAYERS = ['ann', 'bob', 'cyd', 'dee'];
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

export async function playMoneySession(store: EventStore, tableId: string, rulesName: string, seed: number, rounds: number): Promise<void> {
  const { rules, rulesId } = loadRuleSet(rulesName);
  const service = await TableService.open({ tableId, rules, rulesId, store, clock: steppingClock() });
  const random = mulberry32(seed);
  let shoe = shuffledShoe(rules, random);
  let drawn = 0;
  const send = (input: TableInput) => service.submit(input, { source: 'api', by: 'gs' });
  const draw = async (): Promise<boolean> => {
    const card = shoe[drawn++];
    if (card === undefined) return false;
    await send({ type: 'card', card });
    return true;
  };
  for (let guard = 0; service.table.round <= rounds && guard < 4000; guard++) {
    const s = service.table;
    const phase = service.phase;
    const r = random();
    if (phase === 'paused') {
      await send({ type: 'supervisor', action: r < 0.6 ? 'void' : 'resume', by: 'sup' });
    } else if (phase === 'active.awaitingShoe') {
      shoe = shuffledShoe(rules, random);
      drawn = 0;
      await send({ type: 'shoe.loaded' });
    } else if (r < 0.01 && phase !== 'active.betting') {
      await send({ type: 'supervisor', action: 'pause', by: 'sup' });
    } else if (phase === 'active.burning' || phase === 'active.dealing' || phase === 'active.dealerTurn') {
      if (!(await draw())) break;
    } else if (phase === 'active.betting') {
      const bet = s.bets.length > 0 ? pick(random, s.bets) : undefined;
      const seated = s.bets.filter((b) => b.kind === 'main').map((b) => b.seat);
      if (seated.length > 0 && r < 0.15) await send({ type: 'betting.closed' });
      else if (bet && r < 0.35) await send({ type: 'bet.cancel', seat: bet.seat, player: bet.player, ...(random() < 0.5 ? { kind: bet.kind } : {}) });
      else if (r < 0.37) await send({ type: 'supervisor', action: 'pause', by: 'sup' });
      else {
        const kind = pick(random, ['main', 'main', 'behind', 'behind', 'pairs', 'superMatch'] as const);
        const amount = pick(random, kind === 'main' || kind === 'behind' ? [100, 150, 333, 1000, 2500] : [100, 250, 1000]);
        // Bets behind and side bets go mostly where a main bet is (they need one).
        const seat = kind !== 'main' && seated.length > 0 && random() < 0.8 ? pick(random, seated) : 1 + Math.floor(random() * rules.seats);
        await send({ type: 'bet', seat, player: pick(random, PLAYERS), amount, kind });
      }
    } else if (phase === 'active.offers') {
      const box = s.boxes.find((b) => b.offerPending);
      if (!box) break;
      const player = random() < 0.3 ? pick(random, PLAYERS) : undefined;
      const actions = ['insurance', 'noInsurance', 'evenMoney'].filter((action) => refuseOfferAnswer(s, rules, { type: 'decision', seat: box.seat, action, ...(player ? { player } : {}) }) === null);
      const action = pick(random, actions.length ? actions : ['noInsurance']);
      const amount = action === 'insurance' && rules.insurance.partial && random() < 0.5 ? { amount: pick(random, [1, 50, 75, 120]) } : {};
      await send({ type: 'decision', seat: box.seat, action, ...(player ? { player } : {}), ...amount });
    } else if (phase === 'active.playing') {
      const turn = handInTurn(s);
      if (!turn) break;
      if (turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) {
        if (!(await draw())) break;
        continue;
      }
      const behind = s.boxes.flatMap((b) => b.follow.map((f) => ({ seat: b.seat, player: f.player })));
      if (behind.length > 0 && r < 0.3) {
        const f = pick(random, behind);
        await send({ type: 'decision', seat: f.seat, player: f.player, action: pick(random, ['followDouble', 'followSplit']) });
        continue;
      }
      const actions = ['hit', 'stand', 'double', 'double', 'split', 'split', 'surrender', 'switch'].filter((action) =>
        refuseDecision(s, rules, { type: 'decision', seat: turn.box.seat, action }) === null);
      const action = pick(random, actions.length ? actions : ['stand']);
      const amount = action === 'double' && rules.double.forLess && random() < 0.5 ? { amount: pick(random, [100, 150, 333, 700]) } : {};
      if (action === 'double' && amount.amount !== undefined && refuseDecision(s, rules, { type: 'decision', seat: turn.box.seat, action, ...amount }) !== null) continue;
      await send({ type: 'decision', seat: turn.box.seat, action, ...amount });
    } else {
      throw new Error(`the money session does not know phase ${phase}`);
    }
  }
  service.close();
}
