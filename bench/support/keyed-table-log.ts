// A real keyed table log for the verify benchmarks: a six-deck table played by a simple bot (1–3 seats, hit
// below 17), every input and the facts the round machine derives, appended as the table service writes
// them (input record + facts), with the log key (MACs). Written with synchronous=NORMAL in big
// transactions, so building is quick; the log is the same.
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { mulberry32, shuffledShoe } from '../../src/random/prng.js';
import { configuredRecord, factRecord, inputRecord } from '../../src/app/audit/log-records.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { chainKey } from '../../src/log/chain-mac.js';
import type { NewEvent } from '../../src/ports/event-store.js';
import { handTotal } from '../../src/rules/hand-total.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { handInTurn } from '../../src/round/operations/hands.js';
import type { TableInput } from '../../src/round/inputs.js';

import { BENCH_KEY_TEXT } from './verify-layer.js';

export { BENCH_KEY_TEXT };

/** Writes about `events` events (a few more: the last input's facts) to `db` as table `tableId`; `seed` picks the play. */
export async function buildKeyedTableLog(db: string, tableId: string, events: number, seed = 2026): Promise<{ events: number; rounds: number; seconds: number }> {
  const started = performance.now();
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: db, synchronous: 'NORMAL', pollIntervalMs: 0, macKey: chainKey(BENCH_KEY_TEXT, 'bench') });
  const engine = new TableEngine(rules);
  const random = mulberry32(seed);
  let mono = 0;
  const at = () => ({ mono: ++mono, wall: new Date(Date.UTC(2026, 0, 1) + mono).toISOString() });
  let pending: NewEvent[] = [configuredRecord(rules, rulesId, tableId, 0, at())];
  let version = 0;
  let written = 0;
  let line = 0;
  const flush = async () => {
    const r = await store.append(tableId, pending, { expectedVersion: version });
    version = r.lastSeq;
    written += pending.length;
    pending = [];
  };
  let shoe = shuffledShoe(rules.deck.decks, random);
  let drawn = 0;
  const send = (input: TableInput) => {
    const round = engine.table.round;
    const facts = engine.submit(input, ++line);
    const now = at();
    pending.push(inputRecord(input, { source: 'session', line }, round, now, rulesId));
    for (const f of facts) pending.push(factRecord(f, round, now, rulesId));
  };
  const draw = () => {
    send({ type: 'card', card: shoe[drawn++] as never });
    if (drawn === Math.floor(shoe.length * 0.75)) send({ type: 'cut-card' });
  };
  while (written + pending.length < events) {
    const phase = engine.phase;
    const s = engine.table;
    if (phase === 'active.awaitingShoe') {
      shoe = shuffledShoe(rules.deck.decks, random);
      drawn = 0;
      send({ type: 'shoe.loaded' });
    } else if (phase === 'active.burning' || phase === 'active.dealing' || phase === 'active.dealerTurn') draw();
    else if (phase === 'active.betting') {
      const seats = 1 + Math.floor(random() * 3);
      for (let seat = 1; seat <= seats; seat++) send({ type: 'bet', seat, player: `p${seat}`, amount: 1000, kind: 'main' });
      send({ type: 'betting.closed' });
    } else if (phase === 'active.offers') {
      const box = s.boxes.find((b) => b.offerPending);
      if (box) send({ type: 'decision', seat: box.seat, action: 'noInsurance' });
    } else if (phase === 'active.playing') {
      const turn = handInTurn(s);
      if (!turn) throw new Error('no hand in turn');
      if (turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) draw();
      else send({ type: 'decision', seat: turn.box.seat, action: handTotal(turn.hand.cards, rules).total < 17 ? 'hit' : 'stand' });
    } else if (phase === 'paused') send({ type: 'supervisor', action: 'resume', by: 'bench' });
    else throw new Error(`bench bot does not know phase ${phase}`);
    if (pending.length >= 5000) await flush();
  }
  if (pending.length > 0) await flush();
  const rounds = engine.table.round;
  await store.close();
  return { events: written, rounds, seconds: (performance.now() - started) / 1000 };
}
