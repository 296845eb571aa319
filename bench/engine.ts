/**
 * Round machine benchmark (printed, not asserted). `npm run bench:engine -- [--rounds N] [--service-rounds N] [--rules a,b]`
 *
 *  1. TableEngine in process, no log: for every rule set, a basic-strategy bot on one seat (1,000 a
 *     round) on seeded shoes cut at 75 %: rounds/s, inputs/s, facts/s, peak RSS (sampled).
 *  2. The same work through TableService with the memory store, then with SQLite synchronous=FULL in a
 *     temp file: the cost of each layer (append, hash chain, durability) shows against (1).
 *  3. six-deck, one seat, hit below 17 / stand on 17+, no insurance, against engine-blackjack@0.9.2 in
 *     the same process, interleaved, when it is installed in a scratch folder (it is GPL-2.0 and no
 *     dependency of this project): ENGINE_BLACKJACK_DIR, default /tmp/eb
 *     (mkdir /tmp/eb && cd /tmp/eb && npm init -y && npm i engine-blackjack@0.9.2).
 *
 * --rounds N          rounds per rule set for (1) and per run in (3) (default 20000)
 * --service-rounds N  rounds per rule set for (2) (default 300; SQLite FULL commits every input)
 * --rules a,b         only these rule sets (default: all)
 * --drafts MODE       how the TableEngine rows draft the state: copy (the product's, default), sections, mutative,
 *                     clone (bench/table-draft-modes.ts; the service rows always use the product's copy)
 * --rss-rounds N      instead of the tables above: the memory check (goal: RSS flat over 10,000,000 rounds, < 150 MB):
 *                     N rounds through one TableEngine (the first --rules set, default six-deck; hit-17 bot), printing
 *                     RSS, heap and the rate every --rss-every rounds (default N / 20), then the peak and the spread
 *                     of RSS after the first report (e.g. --rss-rounds 10000000 --rss-every 500000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownRuleSets, loadRuleSet } from '../src/config/load-rule-set.js';
import { TableEngine } from '../src/round/table-engine.js';
import { TableService } from '../src/app/table/table-service.js';
import { playBotRounds, playBotRoundsAsync, type BotStrategy } from '../src/app/players/bot-rounds.js';
import { mulberry32 } from '../src/random/prng.js';
import { MemoryEventStore } from '../src/adapters/store/memory-event-store.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../src/adapters/clock/stepping-clock.js';
import type { EventStore } from '../src/ports/event-store.js';
import type { RuleSet } from '../src/rules/rule-set.js';
import { TABLE_DRAFT_MODES, tableDrafts, type TableDraftMode } from './table-draft-modes.js';
import { loadEngineBlackjack, playEngineBlackjack } from './engine-blackjack-baseline.js';

const USAGE = 'usage: npm run bench:engine -- [--rounds N] [--service-rounds N] [--rules a,b] [--drafts copy|sections|mutative|clone] [--rss-rounds N [--rss-every N]]';

interface Args {
  rounds: number;
  serviceRounds: number;
  rules: string[];
  drafts: TableDraftMode;
  rssRounds: number;
  rssEvery: number;
}

function parseArgs(argv: string[]): Args {
  const out: Args = { rounds: 20_000, serviceRounds: 300, rules: knownRuleSets(), drafts: 'copy', rssRounds: 0, rssEvery: 0 };
  let rulesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--rounds' || flag === '--service-rounds' || flag === '--rss-rounds' || flag === '--rss-every') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) fail(`${flag} needs a whole number of rounds, got ${value}`);
      if (flag === '--rounds') out.rounds = n;
      else if (flag === '--service-rounds') out.serviceRounds = n;
      else if (flag === '--rss-rounds') out.rssRounds = n;
      else out.rssEvery = n;
      i++;
    } else if (flag === '--rules') {
      const names = (value ?? '').split(',').filter(Boolean);
      const unknown = names.filter((n) => !knownRuleSets().includes(n));
      if (names.length === 0 || unknown.length > 0) fail(`--rules: unknown ${unknown.join(', ') || '(none given)'}; known: ${knownRuleSets().join(', ')}`);
      out.rules = names;
      rulesGiven = true;
      i++;
    } else if (flag === '--drafts') {
      const mode = TABLE_DRAFT_MODES.find((m) => m === value);
      if (!mode) fail(`--drafts: one of ${TABLE_DRAFT_MODES.join(', ')}, got ${value}`);
      out.drafts = mode;
      i++;
    } else {
      fail(`unknown option ${flag}`);
    }
  }
  if (out.rssRounds > 0 && !rulesGiven) out.rules = ['six-deck'];
  if (out.rssRounds > 0 && out.rssEvery === 0) out.rssEvery = Math.max(1, Math.floor(out.rssRounds / 20));
  return out;
}

/** The memory goal: RSS flat over many rounds through one engine; prints as it goes, asserts nothing. */
function rssCheck(name: string, rounds: number, every: number, drafts: TableDraftMode): void {
  const { rules } = loadRuleSet(name);
  const engine = new TableEngine(rules, undefined, { drafts: tableDrafts(drafts) });
  console.log(`RSS check: ${rounds.toLocaleString('en-US')} ${name} rounds through one TableEngine (hit-17 bot, one seat, no log), a report every ${every.toLocaleString('en-US')}`);
  console.log(['rounds'.padStart(12), 'RSS'.padStart(9), 'heap used'.padStart(10), 'rounds/s'.padStart(10), 'elapsed'.padStart(9)].join(' '));
  const start = performance.now();
  let last = start;
  let done = 0;
  let lastDone = 0;
  let firstRss = 0;
  let low = Infinity;
  let high = 0;
  const report = (): void => {
    const now = performance.now();
    const { rss, heapUsed } = process.memoryUsage();
    if (firstRss === 0) firstRss = rss;
    else {
      low = Math.min(low, rss);
      high = Math.max(high, rss);
    }
    console.log([
      done.toLocaleString('en-US').padStart(12), mib(rss).padStart(9), mib(heapUsed).padStart(10),
      rate(done - lastDone, now - last).padStart(10), `${((now - start) / 1000).toFixed(0)} s`.padStart(9),
    ].join(' '));
    last = now;
    lastDone = done;
  };
  // One bot session (the bot keeps its shoe between reports); a report after every `every` rounds ended.
  playBotRounds(engine, rules, {
    rounds, strategy: 'hit17', random: mulberry32(9),
    onStep: (_input, facts) => {
      for (let i = 0; i < facts.length; i++) {
        if ((facts[i] as { type: string }).type === 'round.ended' && ++done % every === 0) report();
      }
    },
  });
  if (done % every !== 0) report();
  const spread = high > 0 ? `RSS after the first report ${mib(low)}–${mib(high)}` : 'one report only';
  console.log(`${spread}; peak RSS of the process ${mib(process.resourceUsage().maxRSS * 1024)} (goal: flat, < 150 MB); ${rate(done, performance.now() - start)} rounds/s overall`);
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const rate = (n: number, ms: number): string => Math.round((n * 1000) / ms).toLocaleString('en-US');

interface Measured {
  rounds: number;
  inputs: number;
  facts: number;
  ms: number;
  peakRss: number;
}

/** How the TableEngine rows draft the state (--drafts). */
let draftMode: TableDraftMode = 'copy';

function measureEngine(rules: RuleSet, rounds: number, strategy: BotStrategy, seed: number): Measured {
  const engine = new TableEngine(rules, undefined, { drafts: tableDrafts(draftMode) });
  let peakRss = process.memoryUsage.rss();
  let sample = 0;
  const t = performance.now();
  const r = playBotRounds(engine, rules, {
    rounds, strategy, random: mulberry32(seed),
    onStep: () => {
      if ((++sample & 0x3fff) === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
    },
  });
  const ms = performance.now() - t;
  return { ...r, ms, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
}

async function measureService(rules: RuleSet, rulesId: string, store: EventStore, rounds: number, seed: number): Promise<Measured> {
  const service = await TableService.open({ tableId: 'BENCH', rules, rulesId, store, clock: steppingClock(), snapshotEvery: 250 });
  const table = {
    get phase() { return service.phase; },
    get table() { return service.table; },
    submit: async (input: Parameters<TableService['submit']>[0]) => (await service.submit(input, { source: 'api', by: 'bench' })).facts,
  };
  let peakRss = process.memoryUsage.rss();
  const t = performance.now();
  const r = await playBotRoundsAsync(table, rules, { rounds, strategy: 'basic', random: mulberry32(seed), onStep: () => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); } });
  return { ...r, ms: performance.now() - t, peakRss };
}

function row(name: string, layer: string, m: Measured): string {
  return [
    name.padEnd(16), layer.padEnd(14), String(m.rounds).padStart(9),
    rate(m.rounds, m.ms).padStart(11), rate(m.inputs, m.ms).padStart(11), rate(m.facts, m.ms).padStart(11), mib(m.peakRss).padStart(9),
  ].join(' ');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  draftMode = args.drafts;
  if (args.rssRounds > 0) return rssCheck(args.rules[0] as string, args.rssRounds, args.rssEvery, args.drafts);
  console.log(`node ${process.version}; drafts: ${args.drafts}; ${args.rounds} engine rounds and ${args.serviceRounds} service rounds per rule set; basic strategy, one seat, 1,000 a round`);
  console.log(['rules'.padEnd(16), 'layer'.padEnd(14), 'rounds'.padStart(9), 'rounds/s'.padStart(11), 'inputs/s'.padStart(11), 'facts/s'.padStart(11), 'peak RSS'.padStart(9)].join(' '));
  for (const name of args.rules) {
    const { rules, rulesId } = loadRuleSet(name);
    measureEngine(rules, Math.min(2000, args.rounds), 'basic', 1); // warm-up
    console.log(row(name, 'TableEngine', measureEngine(rules, args.rounds, 'basic', 7)));
    console.log(row(name, 'service+memory', await measureService(rules, rulesId, new MemoryEventStore(), args.serviceRounds, 7)));
    const dir = mkdtempSync(join(tmpdir(), 'bench-engine-'));
    const sqlite = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'FULL' });
    try {
      console.log(row(name, 'service+sqlite', await measureService(rules, rulesId, sqlite, args.serviceRounds, 7)));
    } finally {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // The comparison: six-deck, one seat, hit below 17 / stand on 17+, interleaved runs in this process.
  const sixDeck = loadRuleSet('six-deck').rules;
  const eb = loadEngineBlackjack();
  console.log(`\nsix-deck, one seat, hit <17 / stand 17+, no insurance, ${args.rounds} rounds a run, 3 interleaved runs:`);
  let ours = 0;
  let theirs = 0;
  measureEngine(sixDeck, Math.min(2000, args.rounds), 'hit17', 1);
  if (eb) playEngineBlackjack(eb.module, Math.min(2000, args.rounds), mulberry32(1));
  for (let run = 0; run < 3; run++) {
    const m = measureEngine(sixDeck, args.rounds, 'hit17', 100 + run);
    ours += m.ms;
    let line = `  run ${run + 1}: TableEngine ${rate(m.rounds, m.ms)} rounds/s (${rate(m.inputs, m.ms)} inputs/s)`;
    if (eb) {
      const t = performance.now();
      const r = playEngineBlackjack(eb.module, args.rounds, mulberry32(100 + run));
      const ms = performance.now() - t;
      theirs += ms;
      line += `; engine-blackjack ${rate(r.rounds, ms)} rounds/s`;
    }
    console.log(line);
  }
  if (eb) {
    console.log(`  TableEngine / engine-blackjack: ${(theirs / ours).toFixed(2)}x (goal: at least 2x)`);
  } else {
    console.log('  engine-blackjack@0.9.2 not found (ENGINE_BLACKJACK_DIR or /tmp/eb): comparison skipped. It is GPL-2.0: install it only in a scratch folder,');
    console.log('  mkdir /tmp/eb && cd /tmp/eb && npm init -y && npm i engine-blackjack@0.9.2');
  }
  console.log(`peak RSS of the process: ${mib(process.resourceUsage().maxRSS * 1024)}`);
}

await main();
