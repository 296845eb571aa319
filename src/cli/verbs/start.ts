// `shoe start`: its spec (options, help, usage and errors derive from it: ../parse-command-line.ts,
// ../command-usage.ts) and its run, which imports the work only when the verb runs.
import { defineCommand } from '../command-spec.js';

export const verb = defineCommand({
  name: 'start',
  group: 'table',
  summary: 'Runs a table: the round machine, the shoe link, the durable log and the pages (default: the demo table with an emulated shoe).',
  positionals: [],
  options: {
    table: { type: 'string', value: 'FILE', description: 'the table file (default: config/tables/demo.yaml)' },
    serial: { type: 'string', value: 'PATH', description: "the shoe's serial device, e.g. /dev/ttyUSB0 (default: the table file's, else the emulated shoe)" },
    manual: { type: 'boolean', description: 'people play the seats from /play (no bot players)' },
    port: { type: 'integer', description: 'the HTTP port (default: PORT, else the table file\'s)' },
    host: { type: 'string', value: 'ADDRESS', description: 'the HTTP address to listen on (default: HOST, else the table file\'s)' },
    'data-dir': { type: 'string', value: 'DIR', description: "where the table's log lives (default: DATA_DIR, else the table file's store folder; without --table, ./data)" },
    capture: { type: 'string', value: 'FILE', description: 'record the raw shoe bytes and every input for replay-capture' },
    'accept-log-behind-anchor': { type: 'string', value: 'NAME', description: 'who decides to start on a log behind (or different from) its anchor; recorded on the log' },
    reason: { type: 'string', value: 'TEXT', description: 'why, with --accept-log-behind-anchor' },
    check: { type: 'boolean', description: 'validate the whole configuration (file, environment, options, ports) and exit: 0 valid, 2 not; opens and creates nothing' },
  },
  run: async (args, io) => {
    const [{ startCommand }, { createTableWebServer }] = await Promise.all([import('../start-command.js'), import('../../composition/table-web-server.js')]);
    return startCommand(args, createTableWebServer, io.stderr);
  },
});
