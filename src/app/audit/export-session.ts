// Exporting a table log as a recorded session: the inputs, in order, as `replay` reads them,
// so production logs become test fixtures. Recovery markers stay in: replaying them pauses the table
// exactly where the live table paused, so the replay derives the same facts.
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableInput } from '../../round/inputs.js';
import { isInputRecord, recordedInput } from './log-records.js';

export function exportSession(events: readonly StoredEvent[]): TableInput[] {
  return events
    .filter(isInputRecord)
    .map((e) => {
      const input = recordedInput(e).input;
      return Object.assign({ type: input.type }, input, { at: e.wallTime }) as TableInput;
    });
}
