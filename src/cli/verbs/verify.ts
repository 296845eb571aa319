// `shoe verify`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'verify',
  summary: 'Checks a table log: readable, anchors, hash chain, MACs with the key, every event re-derived (exit 0 intact, 1 broken or not anchored, 2 unreadable).',
  positionals: [{ name: 'DB', description: "a table's SQLite log" }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key (default SHOE_LOG_KEY when set): check every MAC' },
    nats: { type: 'string', value: 'URL', description: "also judge the log against the table's anchor in the JetStream KV bucket" },
    quiet: { type: 'boolean', description: 'no progress on stderr' },
    'no-anchor-ok': { type: 'boolean', description: 'accept a log no anchor vouches for (one written before anchors existed); without it such a log exits 1' },
    threads: { type: 'string', choices: ['1', '2'], description: 'threads to check with: 2 re-runs the round machine while a worker checks the chain and MACs (default: 2 for a log of 50,000 events or more when compiled, else 1)' },
  },
  streaming: true,
  run: async (args, io) => (await import('../verify-command.js')).verifyCommand(args, io),
});
