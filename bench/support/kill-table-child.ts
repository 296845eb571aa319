// The controller of bench/kill-table.ts, run as a child process so it can be killed with SIGKILL: a live
// six-deck table on the serial device given (SQLite FULL at the path given), bot players, a supervisor on
// duty who resumes an interrupted round after a restart. Prints "ready" once the table runs.
import { pino } from 'pino';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable } from '../../src/composition/table-runtime.js';

const [serial, db, seed] = process.argv.slice(2);
if (!serial || !db) throw new Error('usage: kill-table-child SERIAL DB [SEED]');
const config = parseTableConfig({
  id: 'kill-1', rules: 'six-deck', serial: { path: serial, baud: 115200 }, store: { path: db, synchronous: 'FULL' },
  decisionTimerSeconds: 1, bettingSeconds: 0.05, resultsSeconds: 0, roles: {},
}, 'kill bench');
const runtime = await startTable({ config, logger: pino({ level: 'silent' }), bot: true, paceMs: 30, seed: Number(seed ?? 1) });
const supervise = () => {
  if (runtime.service.phase === 'paused' && runtime.service.table.shoeFaults.length === 0) {
    void runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'bench-supervisor' }, { source: 'api', by: 'bench-supervisor' }).catch(() => undefined);
  }
};
runtime.service.events$.subscribe(() => supervise());
supervise();
process.stdout.write('ready\n');
