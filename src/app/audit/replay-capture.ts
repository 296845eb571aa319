// Replaying a capture: the shoe's bytes go through the decoder again; every input the live
// table took from the shoe must be what the decoded shoe event stands for; then every input goes
// through the round machine, which must print the same events as the live run did.
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableEvent } from '../../round/events.js';
import { tableInputSchema } from '../../round/inputs.js';
import { TableEngine } from '../../round/table-engine.js';
import { canonicalJson } from '../../log/event-chain.js';
import type { CapturedShoeInputs } from '../../ports/shoe-input.js';

export interface CaptureLine {
  readonly dir: string;
  readonly hex?: string;
  readonly input?: unknown;
  readonly source?: string;
  readonly shoeSeq?: number;
}

export class CaptureMismatchError extends Error {}

/** `shoeInputs` decodes the captured bytes (the serial adapter's capturedShoeInputs). */
export function replayCapture(rules: RuleSet, lines: readonly CaptureLine[], shoeInputs: CapturedShoeInputs): TableEvent[] {
  const shoeEvents = shoeInputs(lines);
  const engine = new TableEngine(rules);
  const out: TableEvent[] = [];
  lines.forEach((line, index) => {
    if (line.dir !== 'input') return;
    const input = tableInputSchema.parse(line.input);
    if (line.source === 'shoe' && line.shoeSeq !== undefined) {
      const event = shoeEvents.get(line.shoeSeq);
      if (!event) throw new CaptureMismatchError(`capture line ${index + 1}: shoe event ${line.shoeSeq} is not in the captured bytes`);
      const expected = [...event.inputs(true), ...event.inputs(false)].map(canonicalJson);
      if (!expected.includes(canonicalJson(input))) {
        throw new CaptureMismatchError(`capture line ${index + 1}: the bytes of shoe event ${line.shoeSeq} decode to ${event.kind}, not ${canonicalJson(input)}`);
      }
    }
    out.push(...engine.submit(input));
  });
  return out;
}
