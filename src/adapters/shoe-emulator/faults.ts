// The emulator's fault plan and its SPEC string (the CLI's `--faults SPEC`).
//
// SPEC is a comma-separated list of items (spaces ignored, empty = no faults):
//
//   drop=P           each frame, in either direction, is lost on the wire with probability P
//   corrupt=P        each frame, in either direction, is damaged with probability P: shoe → controller
//                    frames get one byte XOR-ed with a random non-zero mask (the controller sees a
//                    CRC or framing error); controller → shoe frames are rejected as bad-CRC
//   dup=P            each frame the shoe sends is sent twice with probability P
//   delay=P[:MS]     with probability P per frame the shoe sends, its transmit stream stalls for MS
//                    milliseconds (default 400, longer than the 250 ms ACK timeout): that frame and
//                    every frame behind it arrive late, in order (a serial line cannot reorder)
//   misread=P        each card is first reported CARD_UNREADABLE and then, after the rescan,
//                    CARD_DRAWN with the same drawIndex and rescan=1 (PROTOCOL.md §7.4.2)
//   jam@N[:S]        just before card N (1-based drawIndex) leaves the shoe, a JAM is raised for S
//                    seconds (default 2), then cleared and card N is dealt
//   reversed@N[:S]   the same with CARD_REVERSED (default 1 s)
//   dirty@N[:S]      DIRTY_SENSOR raised before card N and cleared S seconds later (default 5);
//                    cards keep flowing, with lower read confidence
//   unplug@N:S       just before card N, the shoe's cable is pulled for S seconds (decimals
//                    allowed); on the mock binding the serial device disappears, on a real line or
//                    pty the shoe goes silent and deaf
//   reboot@N[:S]     just before card N, the shoe loses power for S seconds (default 1): its RAM
//                    (sequence numbers, queue) is lost and it returns with a cold-start HELLO; the
//                    controller reports "peer cold start" (PROTOCOL.md §8.4 a). Events the shoe had
//                    queued but not yet delivered are lost, exactly as with real firmware
//   seed=N           seed of the fault dice (default: the shoe seed, else 1)
//
// P is a probability in [0, 1]; N a positive integer; S a positive number of seconds.
// Example: drop=0.02,corrupt=0.02,dup=0.01,delay=0.01,misread=0.01,jam@40,unplug@100:2

import { SEED_MAX } from '../../random/seed-range.js';

export type ScheduledFaultKind = 'jam' | 'reversed' | 'dirty' | 'unplug' | 'reboot';

export interface ScheduledFault {
  kind: ScheduledFaultKind;
  /** drawIndex of the card before which the fault happens (1-based). */
  beforeCard: number;
  durationMs: number;
}

export interface FaultPlan {
  drop: number;
  corrupt: number;
  dup: number;
  delay: number;
  delayMs: number;
  misread: number;
  scheduled: ScheduledFault[];
  seed?: number;
}

export const NO_FAULTS: FaultPlan = Object.freeze({ drop: 0, corrupt: 0, dup: 0, delay: 0, delayMs: 400, misread: 0, scheduled: [] }) as FaultPlan;

const DEFAULT_SECONDS: Record<ScheduledFaultKind, number | null> = { jam: 2, reversed: 1, dirty: 5, unplug: null, reboot: 1 };

export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
}

export function parseFaultSpec(spec: string): FaultPlan {
  const plan: FaultPlan = { ...NO_FAULTS, scheduled: [] };
  const items = spec.replace(/\s+/g, '').split(',').filter((s) => s.length > 0);
  for (const item of items) {
    const rate = /^(drop|corrupt|dup|delay|misread)=([0-9.]+)(?::([0-9]+))?$/.exec(item);
    if (rate) {
      const [, key, p, ms] = rate as unknown as [string, 'drop' | 'corrupt' | 'dup' | 'delay' | 'misread', string, string | undefined];
      const prob = Number(p);
      if (!Number.isFinite(prob) || prob < 0 || prob > 1) throw new FaultSpecError(`"${item}": probability must be in [0, 1]`);
      if (ms !== undefined && key !== 'delay') throw new FaultSpecError(`"${item}": only delay takes ":MS"`);
      plan[key] = prob;
      if (ms !== undefined) plan.delayMs = Number(ms);
      continue;
    }
    const event = /^(jam|reversed|dirty|unplug|reboot)@([0-9]+)(?::([0-9]*\.?[0-9]+))?$/.exec(item);
    if (event) {
      const [, kind, n, s] = event as unknown as [string, ScheduledFaultKind, string, string | undefined];
      const beforeCard = Number(n);
      if (beforeCard < 1) throw new FaultSpecError(`"${item}": card number must be 1 or more`);
      const seconds = s !== undefined ? Number(s) : DEFAULT_SECONDS[kind];
      if (seconds === null) throw new FaultSpecError(`"${item}": ${kind} needs a duration, e.g. ${kind}@${n}:2`);
      if (!(seconds > 0)) throw new FaultSpecError(`"${item}": duration must be positive`);
      plan.scheduled.push({ kind, beforeCard, durationMs: Math.round(seconds * 1000) });
      continue;
    }
    const seed = /^seed=([0-9]+)$/.exec(item);
    if (seed) {
      plan.seed = Number(seed[1]);
      if (plan.seed > SEED_MAX) throw new FaultSpecError(`"${item}": the seed must be at most ${SEED_MAX} (the fault dice keep 32 bits)`);
      continue;
    }
    throw new FaultSpecError(
      `"${item}" is not a fault: expected drop|corrupt|dup|misread=P, delay=P[:MS], jam|reversed|dirty|reboot@N[:S], unplug@N:S or seed=N`,
    );
  }
  plan.scheduled.sort((a, b) => a.beforeCard - b.beforeCard);
  return plan;
}

/** The SPEC string for a plan (parseFaultSpec(formatFaultSpec(p)) equals p). */
export function formatFaultSpec(plan: FaultPlan): string {
  const out: string[] = [];
  for (const k of ['drop', 'corrupt', 'dup'] as const) if (plan[k] > 0) out.push(`${k}=${plan[k]}`);
  if (plan.delay > 0) out.push(`delay=${plan.delay}${plan.delayMs !== NO_FAULTS.delayMs ? `:${plan.delayMs}` : ''}`);
  if (plan.misread > 0) out.push(`misread=${plan.misread}`);
  for (const f of plan.scheduled) out.push(`${f.kind}@${f.beforeCard}:${f.durationMs / 1000}`);
  if (plan.seed !== undefined) out.push(`seed=${plan.seed}`);
  return out.join(',');
}
