// `shoe floor`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'floor',
  group: 'floor',
  summary: 'One line per settled round of every table replicated to NATS JetStream.',
  positionals: [],
  options: {
    nats: { type: 'string', value: 'URL', description: "the NATS server, or a cluster's nodes comma-separated (default: $NATS_URL, else nats://127.0.0.1:4222)" },
    replicas: { type: 'integer', default: 1, description: 'copies JetStream keeps of the stream if this command creates it (3 on a three-node cluster; the tables create it first as their nats.replicas says)' },
    since: { type: 'string', value: 'ISO', description: 'start at this time instead of the start of the stream' },
    follow: { type: 'boolean', short: 'f', description: 'after the rounds already on the stream, go on with live ones until Ctrl-C' },
    'idle-exit': { type: 'integer', value: 'MS', description: 'follow, and exit after MS without a message (implies --follow)' },
    stream: { type: 'string', value: 'NAME', default: 'TABLE_EVENTS', description: 'the JetStream stream the tables replicate to' },
    'subject-prefix': { type: 'string', value: 'PREFIX', default: 'tables', description: "the first token of the tables' subjects (PREFIX.<table>.events)" },
    tables: { type: 'string', value: 'DIR', description: "the folder of the tables' files: each table's currency (a table without one: EUR)" },
    format: { type: 'string', choices: ['text', 'json'], default: 'text', description: 'a line per round in words, money in major units (10.00 EUR), or a JSON object per line { tableId, round, endedAt, voided, currency, results } (money in minor units)' },
  },
  details: [
    'Without --follow the command prints the rounds on the stream when it starts and exits 0.',
    'NATS not reachable: one line, exit 2. While following, an outage is told on stderr and ridden out: the rounds settled meanwhile follow when NATS returns.',
  ],
  run: async ({ values: v }, io) =>
    (await import('../floor-report.js')).floorReport({ nats: v.nats, since: v.since, follow: v.follow, idleExit: v['idle-exit'], stream: v.stream, subjectPrefix: v['subject-prefix'], format: v.format, tables: v.tables, replicas: v.replicas }, io),
});
