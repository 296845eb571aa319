// Reads a chart from what `setup().createMachine` was given — xstate's public `machine.config`, the raw
// definition, and `machine.implementations.guards` — into plain nodes and transitions, resolving targets
// the way xstate v5 documents them: a key is a sibling of the source state, `.key` a child of it, `#id`
// (then `.path`) the state with that id; ids are the machine's id and the keys' path joined by dots unless
// a state names its own. Only the features the round machine uses are read; anything else is refused with
// UnsupportedChartError (docs/adr/0001-fast-chart-runner.md). No xstate internals: an upgrade of xstate that
// keeps its documented config keeps this reading.
import type { AnyStateMachine } from 'xstate';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';

export type Guard = (args: { context: RoundContext; event: MachineEvent }, params: undefined) => boolean;

export class UnsupportedChartError extends Error {}

/** A state as the config gives it, read and checked. */
export interface ConfigNode {
  readonly id: string;
  readonly key: string;
  /** Document order (pre-order, the root 0), as xstate numbers its state nodes. */
  readonly order: number;
  readonly parent: ConfigNode | null;
  readonly children: ConfigNode[];
  readonly isHistory: boolean;
  readonly initialKey: string | null;
  readonly entry: string[];
  readonly always: ConfigTransition[];
  /** `on`, in the config's key order. */
  readonly on: Array<readonly [string, ConfigTransition[]]>;
}

export interface ConfigTransition {
  readonly source: ConfigNode;
  /** The target strings as written; undefined: targetless. */
  readonly targets: readonly string[] | undefined;
  readonly guard: Guard | null;
  readonly actions: string[];
  readonly reenter: boolean;
}

type Json = Record<string, unknown>;

const STATE_KEYS = new Set(['id', 'type', 'initial', 'states', 'on', 'always', 'entry', 'history', 'description', 'meta', 'tags']);
const ROOT_KEYS = new Set([...STATE_KEYS, 'context', 'types', 'version', 'schemas']);
const TRANSITION_KEYS = new Set(['target', 'guard', 'actions', 'reenter', 'description', 'meta']);

const isRecord = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const asList = (x: unknown): unknown[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The chart's states from the machine's config: the root, every state by id. */
export function readChartConfig(machine: AnyStateMachine): { root: ConfigNode; byId: Map<string, ConfigNode> } {
  const config: unknown = machine.config;
  const guards: unknown = machine.implementations.guards;
  if (!isRecord(config)) throw new UnsupportedChartError('the machine has no config object');
  const byId = new Map<string, ConfigNode>();
  const machineId = typeof config['id'] === 'string' ? config['id'] : '(machine)';
  const pending: Array<() => void> = [];

  const guardOf = (g: unknown, where: string): Guard | null => {
    if (g === undefined) return null;
    if (typeof g === 'function') return g as Guard;
    if (typeof g === 'string' && isRecord(guards) && typeof guards[g] === 'function') return guards[g] as Guard;
    throw new UnsupportedChartError(`${where}: guard ${JSON.stringify(g)} is not a named or inline function`);
  };
  const actionNames = (a: unknown, where: string): string[] =>
    asList(a).map((x) => {
      if (typeof x !== 'string') throw new UnsupportedChartError(`${where}: action ${typeof x} is not a named action of the table`);
      return x;
    });
  const transitions = (source: ConfigNode, value: unknown, where: string): ConfigTransition[] =>
    asList(value).map((t) => {
      const raw: Json = t === undefined || typeof t === 'string' ? { target: t } : isRecord(t) ? t : {};
      for (const key of Object.keys(raw)) if (!TRANSITION_KEYS.has(key)) throw new UnsupportedChartError(`${where}: "${key}" on a transition is not supported`);
      const targets = raw['target'] === undefined || raw['target'] === '' ? undefined : asList(raw['target']);
      if (targets?.some((x) => typeof x !== 'string')) throw new UnsupportedChartError(`${where}: a target that is not a string`);
      return { source, targets: targets as string[] | undefined, guard: guardOf(raw['guard'], where), actions: actionNames(raw['actions'], where), reenter: raw['reenter'] === true };
    });

  // `path`: the keys from the root; a state's id is its own, else the machine's id and the path joined by dots.
  const read = (c: unknown, key: string, parent: ConfigNode | null, path: readonly string[]): ConfigNode => {
    if (!isRecord(c)) throw new UnsupportedChartError(`state ${key}: not an object`);
    const id = typeof c['id'] === 'string' ? c['id'] : [machineId, ...path].join('.');
    for (const k of Object.keys(c)) {
      if (!(parent === null ? ROOT_KEYS : STATE_KEYS).has(k)) throw new UnsupportedChartError(`state ${id}: "${k}" (exit actions, invokes, delays, …) is not supported`);
    }
    const states = isRecord(c['states']) ? c['states'] : {};
    const type = c['type'] ?? (Object.keys(states).length > 0 ? 'compound' : c['history'] !== undefined ? 'history' : 'atomic');
    if (type !== 'compound' && type !== 'atomic' && type !== 'history') throw new UnsupportedChartError(`state ${id}: ${String(type)} states are not supported`);
    if (type === 'history' && c['history'] !== 'deep') throw new UnsupportedChartError(`state ${id}: only deep history is supported`);
    const initial = c['initial'];
    if (initial !== undefined && typeof initial !== 'string') throw new UnsupportedChartError(`state ${id}: initial actions are not supported`);
    const node: ConfigNode = {
      id, key, order: byId.size, parent, children: [], isHistory: type === 'history', initialKey: type === 'compound' ? (initial ?? null) : null,
      entry: actionNames(c['entry'], id), always: [], on: [],
    };
    if (byId.has(id)) throw new UnsupportedChartError(`two states have the id ${id}`);
    byId.set(id, node);
    for (const [childKey, child] of Object.entries(states)) {
      if (childKey.includes('.') || childKey.includes('\\')) throw new UnsupportedChartError(`state ${id}: key "${childKey}" holds a delimiter`);
      node.children.push(read(child, childKey, node, [...path, childKey]));
    }
    // Transitions once every state is known (guards are read now, targets resolved by the compiler).
    pending.push(() => {
      node.always.push(...transitions(node, c['always'], id));
      const on = isRecord(c['on']) ? c['on'] : {};
      for (const [type, list] of Object.entries(on)) {
        if (type !== '*' && type.includes('*')) throw new UnsupportedChartError(`state ${id}: partial wildcard "${type}" is not supported`);
        node.on.push([type, transitions(node, list, `${id} on ${type}`)]);
      }
    });
    return node;
  };
  const root = read(config, '', null, []);
  for (const p of pending) p();
  return { root, byId };
}

/** The state a target string names from `source` (xstate v5's resolution: `#id.path`, `.child.path`, `sibling.path`). */
export function resolveTarget(target: string, source: ConfigNode, byId: ReadonlyMap<string, ConfigNode>): ConfigNode {
  const fail = (): never => {
    throw new UnsupportedChartError(`state ${source.id}: target "${target}" names no state`);
  };
  let from: ConfigNode;
  let path: string[];
  if (target.startsWith('#')) {
    const [id, ...rest] = target.slice(1).split('.');
    from = byId.get(id as string) ?? fail();
    path = rest;
  } else if (target.startsWith('.')) {
    from = source;
    path = target.slice(1).split('.');
  } else {
    from = source.parent ?? fail();
    path = target.split('.');
  }
  for (const key of path) from = from.children.find((c) => c.key === key) ?? fail();
  return from;
}
