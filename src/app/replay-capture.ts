// Replaying a capture (issue 3): the shoe's bytes go through the decoder again; every input the live
// table took from the shoe must be what the decoded shoe event stands for; then every input goes
// through the round machine, which must print the same events as the live run did.
import { Deframer, isSequenced, fromHex, type ShoeEvent } from '../../firmware-protocol/src/index.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import { tableInputSchema } from '../round/inputs.js';
import { TableEngine } from '../round/table-engine.js';
import { canonicalJson } from '../ports/event-chain.js';
import { inputsForShoeEvent } from './shoe-bridge.js';

export interface CaptureLine {
  readonly dir: string;
  readonly hex?: string;
  readonly input?: unknown;
  readonly source?: string;
  readonly shoeSeq?: number;
}

export class CaptureMismatchError extends Error {}

/** Shoe events by sequence number, decoded from the captured received bytes (each seq once). */
export function decodeShoeEvents(lines: readonly CaptureLine[]): Map<number, ShoeEvent> {
  const deframer = new Deframer({ from: 'shoe' });
  const events = new Map<number, ShoeEvent>();
  for (const line of lines) {
    if (line.dir !== 'rx' || line.hex === undefined) continue;
    for (const frame of deframer.push(fromHex(line.hex)).frames) {
      if (frame.seq !== 0 && isSequenced(frame.message.type) && !events.has(frame.seq)) events.set(frame.seq, frame.message as ShoeEvent);
    }
  }
  return events;
}

export function replayCapture(rules: RuleSet, lines: readonly CaptureLine[]): TableEvent[] {
  const shoeEvents = decodeShoeEvents(lines);
  const engine = new TableEngine(rules);
  const out: TableEvent[] = [];
  lines.forEach((line, index) => {
    if (line.dir !== 'input') return;
    const input = tableInputSchema.parse(line.input);
    if (line.source === 'shoe' && line.shoeSeq !== undefined) {
      const event = shoeEvents.get(line.shoeSeq);
      if (!event) throw new CaptureMismatchError(`capture line ${index + 1}: shoe event ${line.shoeSeq} is not in the captured bytes`);
      const expected = [...inputsForShoeEvent(event, true), ...inputsForShoeEvent(event, false)].map(canonicalJson);
      if (!expected.includes(canonicalJson(input))) {
        throw new CaptureMismatchError(`capture line ${index + 1}: the bytes of shoe event ${line.shoeSeq} decode to ${event.type}, not ${canonicalJson(input)}`);
      }
    }
    out.push(...engine.submit(input));
  });
  return out;
}
