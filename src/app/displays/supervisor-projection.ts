// The supervisor's console: everything — the table with the hole card, the live phase, the dealer's
// next step, the pause and open faults, integrity alarms, the shoe, the removed shoes' receipts, and the
// newest log events raw.
import { cardsDrawn } from '../../round/operations/shoe.js';
import { defer, distinctUntilChanged, filter, map, scan, startWith, type Observable } from 'rxjs';
import { ChainVerifier } from '../../log/event-chain.js';
import type { JsonObject, StoredEvent } from '../../ports/event-store.js';
import type { DealerInstruction } from './dealer-instruction.js';
import { staffView, type LiveProjectionOptions } from './dealer-projection.js';
import { foldTableView, type ViewContext } from './fold-table-view.js';
import { ALARMS_KEPT, alarmsOf, openAlarms, type IntegrityAlarm } from './integrity-alarms.js';
import { foldLogTail, type LogLine } from './log-tail.js';
import { NO_PIT, foldPit, pitView, type PitFold, type PitView } from './pit-figures.js';
import { NO_FAULTS, foldFaults, type FaultsView, type OpenFault, type PauseView } from './open-faults.js';
import { revealedFact } from './public-redaction.js';
import type { TableMeta } from './table-meta.js';
import { emptyTableView, type TableView } from './table-view.js';
import { NO_LINK, foldLink, type LinkView } from './link-view.js';
import { foldShoes, type ShoeReceiptView } from './shoe-receipts.js';
import type { HaltView } from './halt-view.js';

export type { LogLine } from './log-tail.js';
export { LOG_LINES_KEPT } from './log-tail.js';

export interface ShoeView {
  readonly number: number;
  readonly burned: number;
  readonly burnTarget: number | null;
  readonly cutCardSeen: boolean;
  readonly cardsDrawn: number;
}

export interface SupervisorView {
  readonly meta: TableMeta;
  readonly seq: number;
  readonly phase: string;
  readonly instruction: DealerInstruction;
  readonly table: TableView;
  readonly paused: PauseView | null;
  readonly faults: readonly OpenFault[];
  /** The table halted by an append fault (the log cannot be written), or null (./halt-view.ts). */
  readonly halt: HaltView | null;
  readonly alarms: readonly IntegrityAlarm[];
  readonly shoe: ShoeView | null;
  /** The shoe link: state, since, the shoe's serial and firmware, error counters. */
  readonly link: LinkView;
  /** The newest events of the log, oldest first, each once (./log-tail.ts). */
  readonly log: readonly LogLine[];
  /** The pit's figures (./pit-figures.ts): money at risk, the house's net on the round and the stint, hands an hour. */
  readonly pit: PitView;
  /** The removed shoes' receipts, newest first, with their stub counts (./shoe-receipts.ts). */
  readonly shoes: readonly ShoeReceiptView[];
}

export interface SupervisorFold {
  readonly seq: number;
  readonly table: TableView;
  readonly faults: FaultsView;
  readonly alarms: readonly IntegrityAlarm[];
  readonly link: LinkView;
  readonly log: readonly LogLine[];
  readonly pit: PitFold;
  readonly shoes: readonly ShoeReceiptView[];
}

function shoeOf(options: LiveProjectionOptions): ShoeView | null {
  const shoe = options.live.table.shoe;
  if (!shoe) return null;
  return { number: shoe.number, burned: shoe.burned, burnTarget: shoe.burnTarget, cutCardSeen: shoe.cutCardSeen, cardsDrawn: cardsDrawn(shoe) };
}

export function initialSupervisorFold(meta: TableMeta): SupervisorFold {
  return { seq: 0, table: emptyTableView(meta.seats), faults: NO_FAULTS, alarms: [], link: NO_LINK, log: [], pit: NO_PIT, shoes: [] };
}

/**
 * One log event into the supervisor's fold. `chain` checks the hash chain across the events folded: one
 * verifier per fold, from the genesis or from the anchor (seq, hash) of the state it resumes.
 */
export function supervisorFoldStep(state: SupervisorFold, event: StoredEvent, chain: ChainVerifier, context: ViewContext): SupervisorFold {
  const fact = revealedFact(event);
  const raised = alarmsOf(event, chain);
  const alarms = openAlarms(state.alarms, event);
  const timed = fact ? { fact, at: event.wallTime } : null;
  return {
    seq: event.seq,
    table: timed ? foldTableView(state.table, timed, context) : state.table,
    faults: foldFaults(state.faults, event),
    alarms: raised.length > 0 ? [...alarms, ...raised].slice(-ALARMS_KEPT) : alarms,
    link: foldLink(state.link, event),
    log: foldLogTail(state.log, event),
    pit: timed ? foldPit(state.pit, timed) : state.pit,
    shoes: foldShoes(state.shoes, event),
  };
}

export function supervisorViewOf(state: SupervisorFold, options: LiveProjectionOptions): SupervisorView {
  return { ...staffView(state, options), alarms: state.alarms, shoe: shoeOf(options), link: state.link, log: state.log, pit: pitView(state.pit, options.live), shoes: state.shoes };
}

/** Reads the log from seq 1 (the chain check starts at the genesis). */
export function supervisorView$(log$: Observable<StoredEvent>, options: LiveProjectionOptions): Observable<SupervisorView> {
  return defer(() => {
    const chain = new ChainVerifier();
    const initial = initialSupervisorFold(options.meta);
    return log$.pipe(
      scan((state: SupervisorFold, event): SupervisorFold => supervisorFoldStep(state, event, chain, options), initial),
      startWith(initial),
      filter((state) => state.seq >= (options.head ?? 0)),
      map((state): SupervisorView => supervisorViewOf(state, options)),
      distinctUntilChanged((a, b) => a.seq === b.seq),
    );
  });
}
