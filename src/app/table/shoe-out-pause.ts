// The table pauses when the shoe runs out mid-round (docs/procedures.md, "The shoe runs out"; South Dakota
// 20:18:15:28: "if the shoe runs out of cards during a round, the discards are reshuffled and the round
// completed"). The shoe has no frame for it (PROTOCOL.md §7.4): the table sees it when every card of the shoe
// is drawn and the round still needs one. It then puts a pause on the log as its own input, with the cause in
// words, so the pages, the pit console and recall say why the table waits; loading the reshuffled discards
// (the shoe's SHOE_LOADED or the supervisor's "Load discards") resumes it. The pause is an input, not a
// consequence the round machine derives, so a log recorded before this reaction replays as it was dealt.
import type { RuleSet } from '../../rules/rule-set.js';
import { shoeRunOut } from '../../round/operations/shoe-out.js';
import { SHOE_OUT_CAUSE } from '../../round/operations/supervision.js';
import type { TableService } from './table-service.js';

/**
 * Pauses the table once for each shoe that runs out: a supervisor who resumes without loading the discards
 * (to let the shoe's own load resume it) is not paused again for the same shoe. Returns the reaction's removal.
 */
export function pauseWhenShoeRunsOut(service: TableService, rules: RuleSet): () => void {
  let pausedFor: string | undefined;
  return service.react('shoe-out pause', (_event, { table, phase }) => {
    if (phase === 'paused' || !shoeRunOut(table, rules)) return undefined;
    const key = `${table.round}:${table.shoe?.number ?? 0}`;
    if (pausedFor === key) return undefined;
    pausedFor = key;
    return service.submit({ type: 'supervisor', action: 'pause', by: 'table', cause: SHOE_OUT_CAUSE }, { source: 'system', by: 'controller' });
  });
}
