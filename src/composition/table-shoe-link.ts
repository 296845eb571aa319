// The table's end of the shoe link (docs/architecture.md, "Walk 1"): the serial link (a real device or the
// emulated shoe's mock port), the bridge that turns its messages into the table's inputs, the watchdog of
// its silence, and what the link says that belongs on the log as notes: its error counters when they change,
// the shoe's identity at each handshake, its state changes; a sequence incident (PROTOCOL.md §8.4) pauses the
// table. The shoe's first HELLO is the log's second witness (shoe-witness-hook.ts).
import type { Logger } from 'pino';
import type { TableConfig } from '../config/table-config.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock } from '../ports/clock.js';
import type { TableService } from '../app/table/table-service.js';
import { ShoeLink, type LinkCounters, type LinkEvent } from '../adapters/serial/shoe-link.js';
import { existsSync, statSync } from 'node:fs';
import { TableCaptureWriter } from '../adapters/serial/table-capture.js';
import { configurationInputs } from '../round/configuration-inputs.js';
import { shoeInput } from '../adapters/serial/shoe-input.js';
import type { MockShoeWire } from '../adapters/shoe-emulator/mock-wire.js';
import { ShoeBridge } from '../app/table/shoe-bridge.js';
import { TableHaltedError, unlessHalted } from '../app/table/append-fault.js';
import { LinkWatchdog } from '../app/table/link-watchdog.js';
import { attachShoePosition } from '../app/table/shoe-position.js';
import { shoeWitnessHook } from './shoe-witness-hook.js';
import { BoundedNote } from '../app/table/bounded-note.js';

/** At most one link counters note and one handshake note a minute (docs/operations.md, "The shoe link on the log"). */
export const LINK_NOTE_EVERY_MS = 60_000;

export interface TableShoeLinkOptions {
  readonly service: TableService;
  readonly store: EventStore;
  readonly config: TableConfig;
  /** The serial device; with `wire`, the emulated shoe's mock port at that path. */
  readonly path: string;
  readonly wire: MockShoeWire | null;
  /** The log's name in the witness's findings (its file, or the table id). */
  readonly logName: string;
  /** Record the raw bytes of the link and every input to this file (JSONL), for `replay-capture`. */
  readonly capturePath?: string;
  /** The table's clock: the watchdog's, and the link's timers and readings unless `wireClock` is given. */
  readonly clock: Clock;
  /** The link's and the capture's clock when it is not the table's (RuntimeOptions.wireClock). */
  readonly wireClock?: Clock;
  readonly logger: Logger;
}

export interface TableShoeLink {
  readonly link: ShoeLink;
  /** The watchdog, then the bridge, stopped: no more link alarms, no more inputs from the shoe. */
  stopInputs(): void;
  /** Closes the link, waits for its last state change's note (written before the store closes), closes the capture. */
  close(): Promise<void>;
}

/** Wires and starts the link, resuming its numbering from the last shoe frame on the log. */
export async function startTableShoeLink(options: TableShoeLinkOptions): Promise<TableShoeLink> {
  const { service, store, config, wire, clock, logger: log } = options;
  const wireClock = options.wireClock ?? clock;
  let bridge: ShoeBridge | null = null;
  // Link error counters are notes on the log, written when one of them changes, at most once a minute (the
  // newest values when the minute is up); the shoe's identity at a handshake likewise, and the same shoe
  // again once a minute at most: a shoe restarting again and again costs the log a note a minute.
  const counterNotes = new BoundedNote<Record<string, number>>((errors) => service.track('the link counters\' note', service.recordNote('link.counters', errors)), clock, LINK_NOTE_EVERY_MS);
  const recordErrorCounters = (c: LinkCounters) => {
    counterNotes.offer({ crcErrors: c.crcErrors, discardedBytes: c.discardedBytes, retransmissions: c.retransmissions, duplicatesSuppressed: c.duplicatesSuppressed, naksSent: c.naksSent, naksReceived: c.naksReceived, linkDowns: c.linkDowns, protocolErrors: c.protocolErrors, handlerFailures: c.handlerFailures, sequenceIncidents: c.sequenceIncidents, heldFrames: c.heldFrames });
  };
  type Handshake = { serialNumber: string; firmwareVersion: string; protocolVersion: number; deckCount: number; initiatedBy: string };
  let handshakesUnrecorded = 0;
  const handshakeNotes = new BoundedNote<Handshake>((shoe) => {
    service.track('the link handshake\'s note', service.recordNote('link.handshake', { ...shoe, ...(handshakesUnrecorded > 0 ? { handshakesSince: handshakesUnrecorded } : {}) }));
    handshakesUnrecorded = 0;
  }, clock, LINK_NOTE_EVERY_MS, { keyOf: ({ initiatedBy: _, ...identity }) => JSON.stringify(identity), repeatSame: true });
  const { capturePath } = options;
  const newCapture = capturePath !== undefined && !(existsSync(capturePath) && statSync(capturePath).size > 0);
  const capture = capturePath
    ? new TableCaptureWriter(capturePath, (err) => log.error({ err, capture: capturePath }, `the capture ${capturePath} cannot be written (${err.message}): it stops here and the table goes on; free space or fix the file, then restart the table to capture again (it appends)`), () => wireClock.wallNow())
    : null;
  // A capture replays from a new table: a new one opens with the configuration inputs this table holds (a
  // restart appends to the capture it had, which has them).
  if (capture && newCapture) for (const input of configurationInputs(service.table)) capture.recordInput(input, { source: 'system', by: 'controller' });
  const captureInputs = capture
    ? service.events$.subscribe((e) => {
      if (e.type !== 'input') return;
      const { input, source, by, shoeSeq } = e.data as { input: unknown; source: string; by?: string; shoeSeq?: number };
      capture.recordInput(input, { source, ...(by !== undefined ? { by } : {}), ...(shoeSeq !== undefined ? { shoeSeq } : {}) });
    })
    : null;
  let pendingLinkNote: Promise<unknown> = Promise.resolve();
  // Why the port does not open, at WARN once per reason (a shoe left unplugged would otherwise say it every retry).
  let lastOpenFailure = '';
  const watchdog = new LinkWatchdog(service, config.linkTimeoutSeconds, clock, log);
  const lastRxSeq = (await attachShoePosition(service, store))();
  const witness = shoeWitnessHook(lastRxSeq, service, options.logName, log);
  const link = new ShoeLink({
    path: options.path,
    baudRate: config.serial?.baud ?? 115200,
    clock: wireClock,
    ...(wire ? { binding: wire.binding } : {}),
    ...(lastRxSeq > 0 ? { resume: { lastRxSeq } } : {}),
    ...(capture ? { capture } : {}),
    onMessage: async (m) => {
      if (bridge) await bridge.onShoeEvent(shoeInput(m.message), m.seq);
    },
    onEvent: (e: LinkEvent) => {
      if (e.type === 'handshake') witness(e.shoe);
      if (e.type === 'state') watchdog.onLinkState(e.state);
      if (e.type === 'state' && e.state !== 'connecting') lastOpenFailure = '';
      if (e.type === 'state') pendingLinkNote = bridge?.onLinkState(e.state, e.previous, e.reason, { code: e.code, params: e.params }).catch(unlessHalted((err) => log.error({ err }, 'link state not recorded'))) ?? pendingLinkNote;
      else if (e.type === 'counters') recordErrorCounters(e.counters);
      else if (e.type === 'open-failed') {
        if (e.message !== lastOpenFailure) log.warn({ link: e }, `shoe link: cannot open ${e.path} (${e.message.replace(/^(Error: )+/, '')}); retrying until it opens — check that the shoe is plugged in and that the serial path (serial.path in the table file, or --serial) names its port`);
        lastOpenFailure = e.message;
      }
      else if (e.type === 'handshake') {
        // The shoe's identity for the supervisor's link panel: a note on the log, at a bounded rate.
        const { serialNumber, firmwareVersion, protocolVersion, deckCount } = e.shoe;
        handshakesUnrecorded++;
        const before = handshakesUnrecorded;
        handshakeNotes.offer({ serialNumber, firmwareVersion, protocolVersion, deckCount, initiatedBy: e.initiatedBy });
        const recorded = handshakesUnrecorded < before;
        // While the table is halted the shoe, never ACKed, re-handshakes again and again: the halt's own lines
        // count those; a handshake not recorded (within the minute) is a debug line.
        if (service.halted || !recorded) log.debug({ link: e }, 'link handshake (not recorded: the table is halted, or within the minute)');
        else log.info({ link: e }, 'link handshake');
      }
      else if (e.type === 'incident') {
        // A sequence incident (PROTOCOL.md §8.4) pauses the table with the link's evidence on the log.
        log.warn({ incident: e.incident }, `shoe link sequence incident: ${e.incident.kind}`);
        if (bridge) service.track('the sequence incident\'s record', bridge.onSequenceIncident(e.incident));
      }
      // A shoe event the halted table refused is counted by the table (src/app/table/table-halt.ts).
      else if (e.type === 'handler-error' && e.error instanceof TableHaltedError) log.debug({ seq: e.seq }, 'link handler-error: the table is halted');
      else log.info({ link: e }, `link ${e.type}`);
    },
  });
  const started = new ShoeBridge(service, link, link);
  bridge = started;
  started.start();
  watchdog.start();
  link.start();
  return {
    link,
    stopInputs() {
      watchdog.stop();
      started.stop();
    },
    async close() {
      await link.close();
      // The newest counters and handshake, if the minute held them back, before the store closes.
      counterNotes.flush();
      handshakeNotes.flush();
      await pendingLinkNote;
      captureInputs?.unsubscribe();
      await capture?.close();
    },
  };
}
