// `shoe run`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'run',
  group: 'table',
  summary: 'Plays a recorded session into a durable table log (SQLite); restartable after a crash.',
  positionals: [{ name: 'SESSION', description: 'the recorded session (JSONL)' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    db: { type: 'string', value: 'PATH', required: true, description: "the table's SQLite log (created when missing)" },
    table: { type: 'string', value: 'ID', default: 'table-1', description: 'the table id' },
    synchronous: { type: 'string', choices: ['FULL', 'NORMAL'], default: 'FULL', description: 'SQLite durability: FULL survives power loss, NORMAL a crash' },
    clock: { type: 'string', choices: ['stepping', 'system'], default: 'stepping', description: 'times on the log: a stepping clock (reproducible) or the system clock' },
    verbose: { type: 'boolean', description: 'tell the story of each fact on stdout' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr (shown only on a terminal, after 2 s)' },
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key (default SHOE_LOG_KEY when set): the log carries a MAC on every event' },
  },
  streaming: true,
  run: async ({ positional, values: v }, io) =>
    (await import('../play-session-into-log.js')).playSessionIntoLog(
      { file: positional[0] as string, rules: v.rules, db: v.db, tableId: v.table, synchronous: v.synchronous, clock: v.clock, verbose: v.verbose, quiet: v.quiet, keyEnv: v['key-env'] },
      io,
    ),
});
