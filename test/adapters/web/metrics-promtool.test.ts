// The table's and the display gateway's /metrics, checked by Prometheus' own linter: `promtool check
// metrics` (Debian's prometheus package) exits 0 only when every counter ends in `_total`, no gauge
// carries a `quantile` label, no name carries its type, and the text parses (docs/metrics.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { EMPTY } from 'rxjs';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { createGatewayServer } from '../../../src/adapters/web/gateway-server.js';
import { AppendMetrics, type TableHealth } from '../../../src/adapters/web/table-health.js';
import { LINK_METRICS } from '../../../src/adapters/web/link-metrics.js';
import { meteredStore } from '../../../src/adapters/store/metered-store.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TABLE_ID, config, loadShoe, rules, rulesId } from './support/table-fixture.js';
import { FAILING_FEED } from './support/feed-status.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** promtool's verdict: its exit status and what it said. */
function promtool(text: string, args = ['check', 'metrics']): { status: number | null; said: string } {
  const run = spawnSync('promtool', args, { input: text, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool did not run (install Debian's prometheus package): ${run.error.message}`);
  return { status: run.status, said: `${run.stdout}${run.stderr}` };
}

/** Each metric's TYPE line: name → type. */
const types = (text: string) => new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]));

/** docs/metrics.md's rows: metric, type and its PromQL. */
const documented = () => [...readFileSync(new URL('../../../docs/metrics.md', import.meta.url), 'utf8').matchAll(/^\| `(\w+)` \| (\w+) \|.*\| `([^`]+)` \|$/gm)]
  .map((m) => ({ name: m[1] as string, type: m[2] as string, query: m[3] as string }));

/** The table's own metrics (not prom-client's defaults): name → type. */
const own = (text: string, prefix: string) => new Map([...types(text)].filter(([name]) => name.startsWith(prefix)));

async function tableMetricsText(): Promise<string> {
  const appends = new AppendMetrics();
  const store = meteredStore(new MemoryEventStore(), (o) => appends.observe(o));
  const service = await TableService.open({ tableId: TABLE_ID, rules, rulesId, store, clock: steppingClock() });
  const health: TableHealth = { appends, linkState: () => 'up', linkCounters: () => ({ crcErrors: 3, linkDowns: 2 }), storeWritable: async () => ({ ok: true }), feeds: () => [FAILING_FEED] };
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), health });
  app.addHook('onClose', async () => service.close());
  await app.ready();
  await loadShoe(service);
  await app.inject({ method: 'POST', url: '/api/bets', payload: { seat: 1, player: 'ana', amount: 1000 } }); // refused: no token
  return (await app.inject('/metrics')).body;
}

async function gatewayMetricsText(): Promise<string> {
  const views = { views$: () => EMPTY, current: () => new Promise<never>(() => undefined) };
  app = createGatewayServer({ views, credentials: new Map(), logger: pino({ level: 'silent' }), conflatedFromSource: () => 4 });
  await app.ready();
  return (await app.inject('/metrics')).body;
}

describe('/metrics by the book', () => {
  test('promtool itself refuses what the metrics used to be: a gauge named like a count, a quantile label on a gauge', () => {
    const old = '# HELP table_link_counter counters\n# TYPE table_link_counter gauge\ntable_link_counter{counter="crcErrors"} 3\n'
      + '# HELP x_delay_seconds delay\n# TYPE x_delay_seconds gauge\nx_delay_seconds{quantile="0.99"} 0.01\n';
    expect(promtool(old).status).not.toBe(0);
  });

  test('the table: promtool check metrics passes, every link counter a counter ending in _total', async () => {
    const text = await tableMetricsText();
    const verdict = promtool(text);
    expect(verdict.said).toBe('');
    expect(verdict.status).toBe(0);
    const declared = types(text);
    for (const [name] of Object.values(LINK_METRICS)) expect(declared.get(name)).toBe('counter');
    expect(text).toMatch(/^table_link_downs_total\{table="web-1"\} 2$/m);
    expect(text).toMatch(/^table_refusals_total\{table="web-1"\} 1$/m);
    expect(text).toMatch(/^table_refused_requests_total\{credential="none",reason="missingCredentialHeader",table="web-1"\} 1$/m);
    expect(declared.get('table_append_seconds')).toBe('histogram');
    expect(text).toMatch(/^table_feed_pending\{target="webhook",table="web-1"\} 12$/m);
    for (const [name, type] of declared) if (name.endsWith('_total')) expect(type, name).toBe('counter');
  });

  test('the display gateway: promtool check metrics passes', async () => {
    const text = await gatewayMetricsText();
    const verdict = promtool(text);
    expect(verdict.said).toBe('');
    expect(verdict.status).toBe(0);
    expect(text).toMatch(/^gateway_views_conflated_total\{audience="dealer"\} 4$/m);
    expect(types(text).get('gateway_views_sent_total')).toBe('counter');
  });

  test('docs/metrics.md lists every metric of the table and the gateway with its type, and each query is PromQL promtool accepts', async () => {
    const rows = documented();
    const table = own(await tableMetricsText(), 'table_');
    await app?.close();
    const exported = new Map([...table, ...own(await gatewayMetricsText(), 'gateway_')]);
    expect(new Map(rows.map((r) => [r.name, r.type]))).toEqual(exported);
    const folder = mkdtempSync(join(tmpdir(), 'metrics-doc-'));
    try {
      const file = join(folder, 'rules.yml');
      const rules = rows.map((r, i) => `      - record: documented:query${i}\n        expr: ${JSON.stringify(r.query)}`).join('\n');
      writeFileSync(file, `groups:\n  - name: documented\n    rules:\n${rules}\n`);
      const verdict = promtool('', ['check', 'rules', file]);
      expect(verdict.said).toMatch(/SUCCESS: \d+ rules found/);
      expect(verdict.status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
