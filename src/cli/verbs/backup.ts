// `shoe backup`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'backup',
  summary: "Copies a live table's log with SQLite's online backup, verifies the copy and writes its anchor (FILE.anchors).",
  positionals: [{ name: 'DB', description: "the live table's SQLite log" }, { name: 'FILE', description: 'the new copy (never overwritten)' }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key: check every MAC of the copy' },
    quiet: { type: 'boolean', description: 'no progress on stderr' },
  },
  run: async (args, io) => (await import('../backup-command.js')).backupCommand(args, io.out),
});
