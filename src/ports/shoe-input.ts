// Port: a shoe event as the table takes it, with no wire types — the serial adapter makes these
// from what the shoe sends (src/adapters/serial/shoe-input.ts).
import type { TableInput } from '../round/inputs.js';

export interface ShoeInput {
  /** The kind of shoe event (for messages to people). */
  readonly kind: string;
  /** The inputs it stands for, given whether an unreadable card is open (its rescan clears it). */
  inputs(misreadOpen: boolean): TableInput[];
  /** The event as a note on the log, for an event that stands for no input. */
  readonly note: Record<string, unknown>;
}

/** The shoe's events in a capture, by the shoe's sequence number, decoded from the received bytes. */
export type CapturedShoeInputs = (lines: readonly { readonly dir: string; readonly hex?: string }[]) => Map<number, ShoeInput>;
