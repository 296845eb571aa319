// Shoe events become table inputs here, at the edge (PROTOCOL.md §7.4), so the application knows
// no wire types: the table sees ShoeInput (src/ports/shoe-input.ts).
import { Deframer, fromHex, isSequenced, type ShoeEvent } from '../../../firmware-protocol/src/index.js';
import type { ShoeFault, TableInput } from '../../round/inputs.js';
import type { CapturedShoeInputs, ShoeInput } from '../../ports/shoe-input.js';
import { inputsForDealerButton } from '../../round/dealer-button.js';
import { faultDetail } from '../../messages/fault-detail.js';

const FAULTS: Record<string, ShoeFault> = { JAM: 'jam', DIRTY_SENSOR: 'dirtySensor', CARD_REVERSED: 'cardReversed' };

/** The inputs a shoe event stands for (PROTOCOL.md §7.4). */
export function inputsForShoeEvent(message: ShoeEvent, misreadOpen: boolean): TableInput[] {
  switch (message.type) {
    case 'CARD_DRAWN':
      // §7.4.2: a rescan resolves the unreadable card that paused the table, then the card counts.
      return misreadOpen ? [{ type: 'shoe.recovered', fault: 'misread' }, { type: 'card', card: message.card }] : [{ type: 'card', card: message.card }];
    case 'CARD_UNREADABLE':
      return [{ type: 'shoe.fault', fault: 'misread', ...faultDetail({ code: 'drawNotRead', params: { count: String(message.drawIndex) } }) }];
    case 'CUT_CARD_SEEN':
      return [{ type: 'cut-card' }];
    case 'SHOE_LOADED':
      return [{ type: 'shoe.loaded' }];
    case 'FAULT': {
      const fault = FAULTS[message.code];
      if (!fault) return [];
      return message.state === 'raised' ? [{ type: 'shoe.fault', fault, ...faultDetail({ code: 'draw', params: { count: String(message.drawIndex) } }) }] : [{ type: 'shoe.recovered', fault }];
    }
    case 'DEALER_BUTTON':
      return inputsForDealerButton(message.button);
    default:
      // SHOE_REMOVED, STATUS are not round inputs; the table records them as notes.
      return [];
  }
}

export function shoeInput(message: ShoeEvent): ShoeInput {
  return { kind: message.type, inputs: (misreadOpen) => inputsForShoeEvent(message, misreadOpen), note: message as unknown as Record<string, unknown> };
}

/** Shoe events by sequence number, decoded from a capture's received bytes (each seq once). */
export const capturedShoeInputs: CapturedShoeInputs = (lines) => {
  const deframer = new Deframer({ from: 'shoe' });
  const events = new Map<number, ShoeInput>();
  for (const line of lines) {
    if (line.dir !== 'rx' || line.hex === undefined) continue;
    for (const frame of deframer.push(fromHex(line.hex)).frames) {
      if (frame.seq !== 0 && isSequenced(frame.message.type) && !events.has(frame.seq)) events.set(frame.seq, shoeInput(frame.message as ShoeEvent));
    }
  }
  return events;
};
