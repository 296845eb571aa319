// `shoe migrate`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'migrate',
  group: 'audit',
  summary: 'Brings a table log written by an older version to the current log format: verified before and after, same hashes, all or nothing (exit 0 done, 1 the log does not verify, 2 unreadable or locked).',
  positionals: [{ name: 'DB', description: "the table's SQLite log (its table stopped)" }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key (default SHOE_LOG_KEY when set): check every MAC before and after' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'the verdict line, or one JSON object { verdict, tableId, line }' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr' },
  },
  streaming: true,
  run: async (args, io) => {
    const [{ migrateCommand }, { verdictOut }] = await Promise.all([import('../migrate-command.js'), import('../verdict-json.js')]);
    return migrateCommand(args, { ...io, out: verdictOut(args.values.format, io.out) });
  },
});
