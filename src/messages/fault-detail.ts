// What a shoe fault's input says of its cause, coded where the fault is raised (docs/event-log.md,
// "Reasons"): the `shoe.fault` input carries the English `detail` (the sentence the pause's reason has always
// quoted) and, beside it, `detailCode` and `detailParams`, which the pause's reason keeps with its values
// (src/round/operations/supervision.ts), so a page renders the cause in its own language.
import { reasonSentence, type CodedReason, type CodedUnion } from './coded-reason.js';

/** The shoe's and the link watchdog's causes (a link state's cause is a link reason: src/adapters/serial/link-reasons.ts). */
export type FaultDetail = CodedUnion<{
  /** A card the reader could not read: the shoe's draw index. */
  drawNotRead: { count: string };
  /** A fault the shoe raised at this draw index. */
  draw: { count: string };
  /** No link within `count` seconds of start (PROTOCOL.md §10.2). */
  noLinkAtStart: { count: string };
  linkStillDown: Record<never, string>;
}>;

/** The detail fields of a `shoe.fault` input for a coded cause. */
export function faultDetail(why: CodedReason): { detail: string; detailCode: string; detailParams: Readonly<Record<string, string>> } {
  return { detail: reasonSentence(why), detailCode: why.code, detailParams: { ...why.params } };
}
