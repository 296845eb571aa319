// CLI-independent entry point of the shoe emulator on a real serial device or pseudo-terminal.
// The team's CLI calls it for `shoe emulate --serial PATH [--cards FILE | --seed N --decks 6]
// [--faults SPEC]`; the SPEC grammar is documented in faults.ts (and README.md beside this file).
//
// On a real line the emulator cannot make the device node disappear, so `unplug@N:S` makes the
// shoe silent and deaf for S seconds (a cable pulled at the shoe's end); its state is kept.

import { SerialPort } from 'serialport';
import type { BindingInterface } from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import type { Card } from '../../../firmware-protocol/src/index.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { ShoeEmulator, type DrawOutcome, type EmulatorEvent } from './emulator.js';
import { NO_FAULTS, parseFaultSpec, type FaultPlan } from './faults.js';
import { mulberry32, shuffledShoe } from '../../random/prng.js';

export type EmulatorShoe = { cards: readonly Card[]; cutCardAfter?: number } | { seed: number; decks: number; cutCardAfter?: number };

export type RunEmulatorOptions = {
  serialPath: string;
  baud: number;
  /** A fault SPEC string (faults.ts) or a parsed plan. */
  faults?: string | FaultPlan;
  /**
   * When set, the emulated dealer pulls a card every `autoDrawMs` whenever the gate is open
   * (demos, the CLI). Otherwise call drawCard().
   */
  autoDrawMs?: number;
  serialNumber?: string;
  firmwareVersion?: string;
  onEvent?: (e: EmulatorEvent) => void;
  /** Tests only: another serial binding and clock (default: the process's clock: a real line runs in real time). */
  binding?: BindingInterface;
  clock?: Clock;
} & EmulatorShoe;

export interface RunningEmulator {
  readonly emulator: ShoeEmulator;
  /** The shoe's cards in dealing order. */
  readonly cards: readonly Card[];
  readonly cutCardAfter: number | null;
  /** The dealer pulls a card (held until the gate opens). */
  drawCard(): Promise<DrawOutcome>;
  /** Powers the shoe off and closes the port. */
  close(): Promise<void>;
}

/** Default cut-card position for a seeded shoe: 75 % penetration. */
export function defaultCutCard(cards: number): number {
  return Math.floor(cards * 0.75);
}

export async function runEmulator(o: RunEmulatorOptions): Promise<RunningEmulator> {
  const sched = o.clock ?? realClock();
  const plan = typeof o.faults === 'string' ? parseFaultSpec(o.faults) : (o.faults ?? NO_FAULTS);
  const seeded = 'seed' in o;
  const cards = seeded ? shuffledShoe(o.decks, mulberry32(o.seed)) : o.cards.slice();
  const cutCardAfter = o.cutCardAfter ?? (seeded ? defaultCutCard(cards.length) : null);
  const emulator = new ShoeEmulator({
    clock: sched,
    rng: mulberry32(plan.seed ?? (seeded ? o.seed : 1)),
    cards,
    ...(cutCardAfter !== null ? { cutCardAfter } : {}),
    ...(seeded ? { decks: o.decks } : {}),
    faults: plan,
    ...(o.serialNumber ? { serialNumber: o.serialNumber } : {}),
    ...(o.firmwareVersion ? { firmwareVersion: o.firmwareVersion } : {}),
  });
  if (o.onEvent) emulator.on(o.onEvent);

  let port: SerialPort | null = null;
  let closed = false;
  let reopenTimer: TimerHandle | null = null;
  let autoTimer: TimerHandle | null = null;

  const open = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const opts = { path: o.serialPath, baudRate: o.baud, autoOpen: false } as ConstructorParameters<typeof SerialPort>[0];
      if (o.binding) (opts as { binding?: BindingInterface }).binding = o.binding;
      const p = new SerialPort(opts);
      p.on('data', (chunk: Buffer) => emulator.receive(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      // Closing with I/O pending emits err.canceled; a vanished device is handled by 'close'.
      p.on('error', () => undefined);
      p.on('close', () => {
        if (port !== p) return;
        port = null;
        if (!closed) reopenTimer = sched.setTimeout(() => void open().catch(() => scheduleReopen()), 500);
      });
      p.open((err) => {
        if (err) return reject(err);
        port = p;
        resolve();
      });
    });
  const scheduleReopen = (): void => {
    if (!closed) reopenTimer = sched.setTimeout(() => void open().catch(() => scheduleReopen()), 500);
  };

  emulator.attach((bytes) => {
    if (port?.isOpen) port.write(Buffer.from(bytes));
  });
  await open();
  emulator.powerOn();

  if (o.autoDrawMs !== undefined) {
    const every = o.autoDrawMs;
    const tick = (): void => {
      if (closed) return;
      if (emulator.gate === 'unlocked' && emulator.heldDraws === 0 && emulator.cardsLeft > 0) void emulator.drawCard();
      autoTimer = sched.setTimeout(tick, every);
    };
    autoTimer = sched.setTimeout(tick, every);
  }

  return {
    emulator,
    cards,
    cutCardAfter,
    drawCard: () => emulator.drawCard(),
    async close() {
      closed = true;
      sched.clearTimeout(reopenTimer);
      sched.clearTimeout(autoTimer);
      emulator.powerOff();
      emulator.detach();
      const p = port;
      port = null;
      if (p?.isOpen) await new Promise<void>((r) => p.close(() => r()));
    },
  };
}
