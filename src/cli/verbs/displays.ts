// `shoe displays`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'displays',
  group: 'floor',
  summary: "A stateless gateway serving a table's public and dealer displays from NATS (run as many as the audience needs).",
  positionals: [],
  options: {
    nats: { type: 'string', value: 'URL', description: "the NATS server the table publishes its views to, or a cluster's nodes comma-separated (default $NATS_URL or nats://127.0.0.1:4222)" },
    replicas: { type: 'integer', default: 1, description: 'copies JetStream keeps of the stream if this command creates it (3 on a three-node cluster; the tables create it first as their nats.replicas says)' },
    port: { type: 'integer', default: 8090, description: 'the port to listen on' },
    host: { type: 'string', value: 'ADDRESS', description: 'the address to listen on (default 127.0.0.1)' },
    table: { type: 'string', value: 'ID', description: 'the table to serve (default: the only table publishing views)' },
    config: { type: 'string', value: 'FILE', description: "the table's file: credentials for the dealer's display" },
    'view-interval': { type: 'integer', default: 100, description: 'least time between two views sent to a display, in ms (0: every view; the newest always goes out: views are whole states)' },
  },
  details: ['NATS not reachable at start: one line, exit 2. Once running, an outage is logged at WARN and /readyz answers 503 until NATS returns; the displays keep their last view.'],
  run: async (args, io) => (await import('../displays-command.js')).displaysCommand(args),
});
