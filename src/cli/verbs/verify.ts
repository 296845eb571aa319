// `shoe verify`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'verify',
  group: 'audit',
  summary: 'Checks table logs: readable, anchors, hash chain, MACs with the key, every event re-derived (exit 0 intact, 1 broken or not anchored, 2 unreadable).',
  positionals: [{ name: 'DB|DIR|GLOB...', description: "a table's SQLite log; a folder (every *.db in it and below) or a quoted pattern: each log checked, in parallel, one line per log and a total" }],
  options: {
    'key-env': { type: 'string', value: 'NAME', description: 'the environment variable holding the log key (default SHOE_LOG_KEY when set): check every MAC' },
    nats: { type: 'string', value: 'URL', description: "also judge each log against its table's anchor in the JetStream KV bucket" },
    quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr' },
    'no-anchor-ok': { type: 'boolean', description: 'accept a log no anchor vouches for (one written before anchors existed); without it such a log exits 1' },
    threads: { type: 'integer', value: 'N', min: 1, description: 'threads to check with (default: one per core): one log of 50,000 events or more is split (chain workers beside the round machine), many logs go one per thread' },
    format: { type: 'string', choices: ['text', 'json'], description: 'text (the default): a line per log and a total; json: one JSON document on stdout ({ logs: [...], total }) for an auditor\'s tooling' },
    json: { type: 'boolean', description: 'the same as --format json (the older spelling, kept for scripts that use it)' },
  },
  streaming: true,
  run: async (args, io) => {
    if (args.values.json && args.values.format === 'text') throw new UsageError('--json is --format json: give one or the other');
    return (await import('../verify-command.js')).verifyCommand(args, io);
  },
});
