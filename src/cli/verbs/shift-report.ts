// `shoe shift-report`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';
import { UsageError } from '../usage-error.js';

export const verb = defineCommand({
  name: 'shift-report',
  group: 'floor',
  summary: 'A shift per table and per dealer: rounds, hands, drop, house win, hold %, voids, faults, procedures — from table logs or the floor (NATS JetStream).',
  positionals: [{ name: 'DB|DIR|GLOB...', required: false, description: "tables' SQLite logs (a folder: every *.db in it and below); without them, --nats: the floor's copy of every table" }],
  options: {
    from: { type: 'string', value: 'ISO', required: true, description: "the shift's start (an ISO time; events at or after it)" },
    to: { type: 'string', value: 'ISO', required: true, description: "the shift's end (events before it)" },
    nats: { type: 'string', value: 'URL', description: "read the floor instead of logs: the NATS server, or a cluster's nodes comma-separated" },
    stream: { type: 'string', value: 'NAME', default: 'TABLE_EVENTS', description: 'with --nats: the JetStream stream the tables replicate to' },
    'subject-prefix': { type: 'string', value: 'PREFIX', default: 'tables', description: "with --nats: the first token of the tables' subjects" },
    tables: { type: 'string', value: 'DIR', description: "the folder of the tables' files: each table's currency and the dealer it names (else EUR and \"unknown\")" },
    format: { type: 'string', choices: ['text', 'json', 'csv', 'md'], default: 'text', description: 'text: aligned columns, money in major units; json: one document, money in minor units; csv: a row per table and per dealer (minor units); md: Markdown tables' },
  },
  details: [
    'Drop is the money wagered: the stakes of every settled bet (doubles, splits, side bets and insurance), bets returned on a void left out; house win is what the players lost less what they won; hold % is house win / drop.',
    'Rounds are attributed to the dealer the table file names until the log records a change of dealer, then to the dealer it names.',
  ],
  run: async ({ values: v, positional }, io) => {
    if (positional.length === 0 && v.nats === undefined) throw new UsageError('give table logs, or --nats URL to read the floor');
    if (positional.length > 0 && v.nats !== undefined) throw new UsageError('give table logs or --nats, not both');
    return (await import('../shift-report.js')).shiftReport({ logs: positional, nats: v.nats, from: v.from, to: v.to, stream: v.stream, subjectPrefix: v['subject-prefix'], tables: v.tables, format: v.format }, io);
  },
});
