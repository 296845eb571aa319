// The rig of the link-level tests against the C host shoe (firmware-protocol/c): a fresh socat pty pair,
// the sanitized host shoe on one end, the controller's ShoeLink on the other — torn down after each test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { ShoeLink, type DeliveredShoeMessage, type LinkEvent } from '../../src/adapters/serial/shoe-link.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';
import { hasSocat, type PtyPair } from '../adapters/serial/socat.js';

export const C_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'firmware-protocol', 'c');
/** The host shoe built with AddressSanitizer + UBSan (`make -C firmware-protocol/c build/host-shoe-san`). */
export const HOST_SHOE_SAN = join(C_DIR, 'build', 'host-shoe-san');
const hasCc = spawnSync('cc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;
export const ready = hasSocat && hasCc;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The current test's pty pair, host shoe and link, and what the shoe wrote on stderr. */
export interface CShoeRig {
  pair: PtyPair | null;
  shoe: ChildProcess | null;
  link: ShoeLink | null;
  log: string;
}

/** A rig whose pair, shoe and link are closed after each test of the file that calls it. */
export function cShoeRig(): CShoeRig {
  const rig: CShoeRig = { pair: null, shoe: null, link: null, log: '' };
  afterEach(async () => {
    await rig.link?.close();
    const s = rig.shoe;
    if (s && s.exitCode === null) await new Promise<void>((r) => (s.once('exit', () => r()), s.kill('SIGTERM')));
    await rig.pair?.stop();
    rig.link = rig.shoe = rig.pair = null;
  });
  return rig;
}

/** Starts the sanitized host shoe on the pair's `a` end; its stderr collects in `rig.log`. */
export function startHostShoe(rig: CShoeRig, args: string[]): ChildProcess {
  rig.log = '';
  const p = spawn(HOST_SHOE_SAN, ['--serial', (rig.pair as PtyPair).a, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  p.stderr?.setEncoding('utf8');
  p.stderr?.on('data', (c: string) => (rig.log += c));
  rig.shoe = p;
  return p;
}

/** Starts the controller's link on the pair's `b` end, collecting what it delivers and reports. */
export function startLink(rig: CShoeRig, delivered: DeliveredShoeMessage[], events: LinkEvent[]): ShoeLink {
  const l = new ShoeLink({ path: (rig.pair as PtyPair).b, baudRate: 115200, clock: realClock(), onMessage: async (m) => void delivered.push(m), onEvent: (e) => void events.push(e) });
  l.start();
  rig.link = l;
  return l;
}

export async function waitFor(rig: CShoeRig, what: string, cond: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; host-shoe log tail:\n${rig.log.slice(-2000)}`);
    await sleep(10);
  }
}
