// Walks the round machine's graph (xstate/graph): every state is reachable with real inputs, and no
// state the table can rest in is a dead end.
import { describe, expect, test } from 'vitest';
import { getShortestPaths, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { createActor } from 'xstate';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { roundMachine } from '../../src/round/round-machine.js';
import type { MachineEvent } from '../../src/round/inputs.js';
import type { TableInput } from '../../src/round/inputs.js';

const ev = (input: TableInput): MachineEvent => ({ type: input.type, input } as MachineEvent);

function allNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

describe('round machine graph', () => {
  const graph = toDirectedGraph(roundMachine);
  const nodes = allNodes(graph).filter((n) => n.id !== 'table');
  const edges = allNodes(graph).flatMap((n) => n.edges);

  test('every state but the initial ones and the history point has a way in, and every state a way out', () => {
    const stateIds = nodes.filter((n) => n.stateNode.type !== 'history').map((n) => n.id);
    expect(stateIds).toEqual(expect.arrayContaining([
      'table.active', 'table.paused', 'table.active.awaitingShoe', 'table.active.burning', 'table.active.betting',
      'table.active.dealing', 'table.active.offers', 'table.active.playing', 'table.active.dealerTurn', 'table.active.results', 'table.active.roundOver',
    ]));
    const targets = new Set(edges.map((e) => e.target.id));
    for (const id of stateIds) {
      // The results moment is entered only by the dealer's finishing (an eventless transition, which the graph
      // lists no edge for); chart-runner.test.ts's walk enters it.
      if (['table.active', 'table.active.awaitingShoe', 'table.active.results'].includes(id)) continue;
      expect(targets.has(id), `${id} has no incoming transition`).toBe(true);
    }
    for (const node of nodes.filter((n) => n.stateNode.type === 'atomic')) {
      const leaves = edges.filter((e) => e.source.id === node.id && e.target.id !== node.id);
      const ancestors = edges.filter((e) => node.id.startsWith(`${e.source.id}.`) && !e.target.id.startsWith(node.id));
      expect(leaves.length + ancestors.length, `${node.id} is a dead end`).toBeGreaterThan(0);
    }
  });

  test('the six-deck table reaches every resting state with real inputs, and leaves each again', () => {
    const rules = loadRuleSet('six-deck').rules;
    const events: MachineEvent[] = [
      ev({ type: 'shoe.loaded' }),
      ev({ type: 'card', card: 'AS' }), ev({ type: 'card', card: '9H' }), ev({ type: 'card', card: '7C' }), ev({ type: 'card', card: 'TD' }),
      ev({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }),
      ev({ type: 'betting.closed' }),
      ev({ type: 'decision', seat: 1, action: 'hit' }), ev({ type: 'decision', seat: 1, action: 'stand' }),
      ev({ type: 'decision', seat: 1, action: 'noInsurance' }),
      ev({ type: 'supervisor', action: 'pause', by: 's' }), ev({ type: 'supervisor', action: 'resume', by: 's' }),
      ev({ type: 'supervisor', action: 'void', by: 's' }), ev({ type: 'cut-card' }),
    ];
    const paths = getShortestPaths(roundMachine, {
      input: { rules },
      events,
      // Abstract the table to its phase and the shape of the round, so the walk is finite.
      serializeState: (snap) => JSON.stringify({
        value: snap.value,
        dealt: snap.context.table.dealt,
        dealer: snap.context.table.dealer.cards.length,
        hands: snap.context.table.boxes.flatMap((b) => b.hands.map((h) => `${h.cards.length}${h.status}${h.pendingDraw ?? ''}`)),
        offer: snap.context.table.boxes.some((b) => b.offerPending),
        cut: snap.context.table.shoe?.cutCardSeen ?? null,
        bets: snap.context.table.bets.length > 0,
        fault: snap.context.table.faultCard !== null,
      }),
      limit: 20_000,
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['awaitingShoe', 'burning', 'betting', 'dealing', 'offers', 'playing', 'dealerTurn']) {
      expect(reached, `never rested in active.${value}`).toContain(JSON.stringify({ active: value }));
    }
    expect(reached).toContain(JSON.stringify('paused'));
    // Not stuck: from every resting state reached, some input moves the machine to another state or changes the table.
    for (const path of paths) {
      const moved = events.some((event) => {
        const actor = createActor(roundMachine, { input: { rules }, snapshot: roundMachine.resolveState({ value: path.state.value, context: path.state.context }) });
        actor.start();
        const before = JSON.stringify(actor.getSnapshot().context.table);
        const beforeValue = JSON.stringify(actor.getSnapshot().value);
        actor.send(event);
        const after = actor.getSnapshot();
        return JSON.stringify(after.value) !== beforeValue || JSON.stringify(after.context.table) !== before;
      });
      expect(moved, `stuck in ${JSON.stringify(path.state.value)}`).toBe(true);
    }
  });
});
