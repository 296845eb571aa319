// The par-sheet verbs on the declarative CLI: the computed basic strategy, a simulation through
// the production round machine, and the par sheet. Their work is in strategy-command.ts,
// simulate-command.ts and par-sheet-command.ts.
import { defineCommand } from './command-spec.js';

const rules = { type: 'string', value: 'NAME|PATH', description: 'the rule set (a name from config/rules, or a rule file)' } as const;

export const strategyVerb = defineCommand({
  name: 'strategy',
  summary: "The rule set's basic strategy, computed from exact dealer probabilities: the chart, or JSON with each cell's values.",
  positionals: [],
  options: {
    rules: { ...rules, required: true },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'the chart, or JSON (the --strategy FILE of simulate)' },
  },
  run: async (args, io) => (await import('./strategy-command.js')).strategyCommand(args, io.out),
});

export const simulateVerb = defineCommand({
  name: 'simulate',
  summary: 'Plays N rounds of the computed strategy through the production round machine on seeded shoes, across worker threads.',
  positionals: [],
  options: {
    rules: { ...rules, required: true },
    rounds: { type: 'integer', required: true, description: 'rounds to play' },
    seats: { type: 'integer', description: 'seats played (default 3; 1 for a single deck)' },
    workers: { type: 'integer', description: "worker threads (default: the machine's cores); the result does not depend on it" },
    seed: { type: 'integer', default: 1, description: 'the seed of the shoes' },
    strategy: { type: 'string', value: 'FILE', description: 'a strategy from `shoe strategy --format json` instead of the computed one' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'a report, or JSON' },
  },
  // Its thread only merges the workers' counts: a young generation kept small keeps it near its live set.
  streaming: true,
  run: async (args, io) => (await import('./simulate-command.js')).simulateCommand(args, io.out),
});

export const parSheetVerb = defineCommand({
  name: 'par-sheet',
  summary: 'The par sheet of a rule set (or of all): identified, exact and simulated returns, lab figures, side bets, warnings, pictures.',
  positionals: [],
  options: {
    rules,
    all: { type: 'boolean', description: 'every rule set: warnings and a summary on top, then each sheet' },
    verify: { type: 'string', value: 'FILE', description: 'compute a saved json sheet again: exit 0 when it still holds, 1 naming what differs' },
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', description: 'Markdown, JSON, or a self-contained html page with charts' },
    rounds: { type: 'integer', description: 'rounds simulated per rule set (default: enough for a ±0.1 % interval on the main return)' },
    'penetration-rounds': { type: 'integer', description: 'rounds simulated at each penetration (default: a quarter of the rounds)' },
    workers: { type: 'integer', description: "worker threads (default: the machine's cores)" },
    seed: { type: 'integer', default: 1, description: 'the seed of the shoes' },
    strategy: { type: 'string', value: 'FILE', description: 'a strategy from `shoe strategy --format json` instead of the computed one' },
  },
  run: async (args, io) => (await import('./par-sheet-command.js')).parSheetCommand(args, io.out),
});
