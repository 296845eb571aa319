// The dealer's button on the shoe (PROTOCOL.md §7.4.6 DEALER_BUTTON): the primary button, short or
// long press, closes betting early — a `betting.closed` input from the shoe, on the log with its
// sequence number. Pressed when betting is not open (or with no main bet) the round machine refuses
// it with a reason, also on the log. The secondary button has no meaning yet: a note on the log.
import type { TableInput } from './inputs.js';

export const PRIMARY_BUTTON = 'primary';

export function inputsForDealerButton(button: string): TableInput[] {
  return button === PRIMARY_BUTTON ? [{ type: 'betting.closed' }] : [];
}
