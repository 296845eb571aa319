// What to do about each fault, for the dealer's and the supervisor's pages (every fault shown
// with what to do). The round machine's pause reason says what happened; this says what to do next.
import type { FaultKind } from '../../round/events.js';

const ADVICE: Record<FaultKind, string> = {
  linkDown: 'No link to the shoe: stop dealing. Check the shoe is powered and its cable plugged in (serial device and permissions on the controller). The table resumes by itself when the link is back.',
  misread: 'The shoe could not read a card: put it back through the reader (rescan); the table resumes by itself when it reads. If it never reads, the supervisor enters the card by hand.',
  jam: 'The shoe is jammed: clear the card path; the table resumes by itself when the shoe clears the fault.',
  dirtySensor: "The shoe's sensor is dirty: clean it; the table resumes by itself when the shoe clears the fault.",
  cardReversed: 'A card is face down in the shoe: turn it; the table resumes by itself when the shoe clears the fault.',
  cutCardMissing: 'No cut card seen near the end of the shoe: the supervisor finishes the round (resume) or changes the shoe.',
  outOfTurn: 'A card was drawn out of turn: keep it aside; the supervisor resumes (card set aside), uses it for the hand in turn, burns it (a card the dealer drew on a standing hand), or voids the round.',
  foreignCard: 'A card that does not belong to this shoe: keep it aside; the supervisor resumes (card set aside) or voids the round.',
  sequenceIncident: 'The shoe link lost step (the shoe restarted mid-session, events were skipped or repeated, or an old frame was replayed): shoe events are held. The supervisor checks the cards on the table against the log, then resumes or voids the round.',
};

export function faultAdvice(kind: FaultKind): string {
  return ADVICE[kind];
}
