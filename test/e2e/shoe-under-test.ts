// The shoe a pty end-to-end test plays its table against, behind one face, so each test runs unchanged
// against both shoes this project has: the TypeScript emulator (`shoe emulate`'s runEmulator, in this
// process) and the C host shoe (firmware-protocol/c, the portable library in a POSIX program, built
// under AddressSanitizer + UBSan). Both deal the same seeded shoe (mulberry32 + Fisher-Yates), take the
// same --faults SPEC (src/adapters/shoe-emulator/README.md) and draw by themselves while the gate is open.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Card } from '../../src/rules/cards.js';
import { runEmulator } from '../../src/adapters/shoe-emulator/run-emulator.js';

export interface ShoeOptions {
  /** The shoe's end of the pty pair. */
  serialPath: string;
  /** The shoe's cards: shuffledShoe(decks, mulberry32(seed)). */
  seed: number;
  decks: number;
  cutCardAfter: number;
  faults?: string;
  /** The dealer pulls a card every this many ms while the gate is open. */
  autoDrawMs: number;
}

export interface ShoeUnderTest {
  /** Every card that left the shoe, in order (a misread card when it left, before its rescan). */
  readonly dealt: readonly Card[];
  readonly isPlugged: boolean;
  /** How many times the shoe says its cable was pulled. */
  readonly unplugsMade: number;
  /** The cable pulled at the shoe's end for `ms` (PROTOCOL.md §2.3): the shoe keeps its state. */
  unplug(ms: number): void;
  /** Where the shoe stands, for a test's timeout message. */
  where(): Record<string, unknown>;
  /** Powers the shoe off; rejects when the shoe died on its own or its sanitizers reported an error. */
  close(): Promise<void>;
}

export interface ShoeKind {
  readonly name: string;
  /** Why this shoe cannot run here (a missing tool), or null. */
  readonly missing: string | null;
  /** Builds what the shoe needs (beforeAll). */
  prepare(): void;
  start(o: ShoeOptions): Promise<ShoeUnderTest>;
}

const emulator: ShoeKind = {
  name: 'the TypeScript emulator',
  missing: null,
  prepare: () => undefined,
  async start(o) {
    const dealt: Card[] = [];
    let unplugsMade = 0;
    const shoe = await runEmulator({
      serialPath: o.serialPath, baud: 115200, seed: o.seed, decks: o.decks, cutCardAfter: o.cutCardAfter, autoDrawMs: o.autoDrawMs,
      ...(o.faults !== undefined ? { faults: o.faults } : {}),
      onEvent: (e) => {
        if (e.type === 'dealt') dealt.push(e.card);
        if (e.type === 'unplugged') unplugsMade++;
      },
    });
    const e = shoe.emulator;
    return {
      dealt,
      get isPlugged() { return e.isPlugged; },
      get unplugsMade() { return unplugsMade; },
      unplug: (ms) => e.unplug(ms),
      where: () => ({ gate: e.gate, session: e.sessionState, shoeSeq: e.sequenceState, held: e.heldDraws, dealt: dealt.length }),
      close: () => shoe.close(),
    };
  },
};

const cdir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'firmware-protocol', 'c');
const hostShoe = join(cdir, 'build', 'host-shoe-san');
const hasCc = spawnSync('cc', ['--version'], { stdio: 'ignore' }).status === 0 && spawnSync('make', ['--version'], { stdio: 'ignore' }).status === 0;

const cShoe: ShoeKind = {
  name: 'the C host shoe',
  missing: hasCc ? null : 'needs a C compiler and make',
  prepare: () => void execFileSync('make', ['-s', '-C', cdir, 'build/host-shoe-san'], { stdio: 'pipe' }),
  start(o) {
    const args = ['--serial', o.serialPath, '--scripted', '--stdin-commands', '--draw-ms', String(o.autoDrawMs),
      '--seed', String(o.seed), '--decks', String(o.decks), '--cut', String(o.cutCardAfter), ...(o.faults ? ['--faults', o.faults] : [])];
    const child = spawn(hostShoe, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    child.stdin.on('error', () => undefined); // a shoe that died is reported by close()
    const dealt: Card[] = [];
    let plugged = true;
    let unplugsMade = 0;
    let log = '';
    let partial = '';
    let closing = false;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    return new Promise<ShoeUnderTest>((resolve, reject) => {
      child.once('error', reject);
      void exited.then((x) => { if (!closing) reject(new Error(`host-shoe exited (${x.code ?? x.signal}) before it opened the line:\n${log.slice(-2000)}`)); });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        log = (log + chunk).slice(-20_000);
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() as string;
        for (const line of lines) {
          const m = /^dealt \d+ ([A2-9TJQK][SHDC])/.exec(line);
          if (m) dealt.push(m[1] as Card);
          else if (line.startsWith('unplugged')) {
            plugged = false;
            unplugsMade++;
          }
          else if (line === 'replugged') plugged = true;
          else if (line.startsWith('host-shoe: ')) resolve(shoe);
        }
      });
      const shoe: ShoeUnderTest = {
        dealt,
        get isPlugged() { return plugged; },
        get unplugsMade() { return unplugsMade; },
        unplug(ms) {
          plugged = false;
          child.stdin.write(`unplug ${ms}\n`);
        },
        where: () => ({ plugged, dealt: dealt.length, running: child.exitCode === null, logTail: log.slice(-1500) }),
        async close() {
          const died = child.exitCode !== null || child.signalCode !== null;
          closing = true;
          if (!died) child.kill('SIGTERM');
          const x = await exited;
          if (died || x.code !== 0) throw new Error(`host-shoe ${died ? 'died during the test' : 'failed at exit'} (${x.code ?? x.signal}):\n${log.slice(-4000)}`);
        },
      };
    });
  },
};

/** The shoes every pty end-to-end test runs against. */
export const SHOES: readonly ShoeKind[] = [emulator, cShoe];
