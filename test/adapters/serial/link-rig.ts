// The set-up every ShoeLink ↔ emulator test shares: a fresh mock serial port before each test;
// after it, every rig closed, extra clean-ups run, and the mock binding reset.
import { afterEach, beforeEach } from 'vitest';
import type { Card } from '../../../firmware-protocol/src/index.js';
import { createMockPort, makeRig, resetMockBinding, type Rig, type RigOptions } from './harness.js';

export interface LinkRigs {
  /** A rig (link + emulator on the mock port) that is closed after the test. */
  make(cards: readonly Card[], o?: RigOptions): Rig;
  /** Runs after the test, once the rigs are closed (extra links or ports a test opened). */
  cleanup(fn: () => Promise<void> | void): void;
}

/** Call at the top of a test file. */
export function useLinkRig(): LinkRigs {
  const rigs: Rig[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeEach(() => createMockPort());
  afterEach(async () => {
    for (const r of rigs.splice(0)) await r.close();
    for (const c of cleanups.splice(0)) await c();
    resetMockBinding();
  });
  return {
    make(cards, o) {
      const rig = makeRig(cards, o);
      rigs.push(rig);
      return rig;
    },
    cleanup(fn) {
      cleanups.push(fn);
    },
  };
}
