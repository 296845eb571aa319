// `shoe pit`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'pit',
  group: 'floor',
  summary: "The pit console: every table of the floor on one page (/pit?token=…), what needs a person first.",
  positionals: [],
  options: {
    nats: { type: 'string', value: 'URL', description: "the NATS server, or a cluster's nodes comma-separated (default: $NATS_URL, else nats://127.0.0.1:4222)" },
    replicas: { type: 'integer', default: 1, description: 'copies JetStream keeps of the stream if this command creates it (3 on a three-node cluster)' },
    config: { type: 'string', value: 'FILE', description: "a table file whose supervisors' tokens open the console (required)" },
    tables: { type: 'string', value: 'DIR', description: "the folder of the tables' files: each table's currency and dealer (a table without one: EUR, its dealer unknown)" },
    from: { type: 'string', value: 'ISO', description: "the shift's start (default: today 00:00 UTC)" },
    hours: { type: 'integer', default: 24, description: "the shift's length in hours" },
    stream: { type: 'string', value: 'NAME', default: 'TABLE_EVENTS', description: 'the JetStream stream the tables replicate to' },
    'subject-prefix': { type: 'string', value: 'PREFIX', default: 'tables', description: "the first token of the tables' subjects (PREFIX.<table>.events)" },
    port: { type: 'integer', default: 8095, description: 'the port to listen on' },
    host: { type: 'string', value: 'ADDRESS', description: 'the address to listen on (default 127.0.0.1)' },
  },
  details: [
    "Open http://HOST:PORT/pit?token=<a supervisor's token>&lang=en|ru. A table not heard from for 3 s shows \"stale\".",
    'The console reads the events of the shift from JetStream and the tables\' heartbeats; it never talks to a table. Ctrl-C stops it.',
  ],
  run: async ({ values: v }, io) =>
    (await import('../pit-command.js')).pitConsole({ nats: v.nats, replicas: v.replicas, config: v.config, tables: v.tables, from: v.from, hours: v.hours, stream: v.stream, subjectPrefix: v['subject-prefix'], port: v.port, host: v.host }, io),
});
