// `shoe backup`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'backup',
  group: 'audit',
  summary: "Copies a live table's log with SQLite's online backup, verifies the copy and writes its anchor (FILE.anchors).",
  positionals: [{ name: 'DB', description: "the live table's SQLite log" }, { name: 'FILE', description: 'the new copy (never overwritten)' }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key: check every MAC of the copy' },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'the verdict line, or one JSON object { verdict, tableId, line }' },
    quiet: { type: 'boolean', short: 'q', description: 'nothing on stderr but errors (the backup shows no progress)' },
  },
  run: async (args, io) => {
    const [{ backupCommand }, { verdictOut }] = await Promise.all([import('../backup-command.js'), import('../verdict-json.js')]);
    return backupCommand(args, verdictOut(args.values.format, io.out));
  },
});
