// What each fault means and what to do, in words for the dealer and the supervisor pages (issue 12,
// part 5: every fault kind is shown with a human description through open-faults.ts).
import type { FaultKind } from '../../round/events.js';

export const FAULT_DESCRIPTIONS: Readonly<Record<FaultKind, string>> = {
  outOfTurn: 'A card was drawn when none was due. A supervisor sets it aside (resume), uses it for the hand in turn, or voids the round.',
  foreignCard: 'A card that is not in this shoe was read. A supervisor sets it aside (resume) or voids the round.',
  linkDown: 'The controller lost contact with the shoe. Dealing resumes by itself when the shoe is back.',
  misread: 'The shoe could not read a card. Pass it over the reader again.',
  jam: 'A card is stuck in the shoe. Clear the jam; dealing resumes when the shoe reports it cleared.',
  dirtySensor: 'The shoe reader needs cleaning.',
  cardReversed: 'A card is reversed in the shoe. Turn it; dealing resumes when the shoe reports it cleared.',
  cutCardMissing: 'The shoe is nearly empty and no cut card was seen. A supervisor decides (resume or shoe change).',
  sequenceIncident:
    'The shoe link lost step: the shoe restarted mid-session, events were skipped or repeated, or an old frame was replayed. ' +
    'Shoe events are held until a supervisor checks the cards on the table against the log and resumes (or voids the round).',
};

export function describeFault(kind: FaultKind): string {
  return FAULT_DESCRIPTIONS[kind] ?? kind;
}
