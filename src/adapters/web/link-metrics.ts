// The shoe link's counters (src/adapters/serial/link-types.ts) as one Prometheus counter each: bytes,
// frames and errors are different units, so each has its own name ending in `_total` (docs/metrics.md).
import type { Registry } from 'prom-client';
import type { LinkCounters } from '../serial/link-types.js';
import { countAtScrape } from './counted-metrics.js';

type NumericCounterName = { [K in keyof LinkCounters]: LinkCounters[K] extends number ? K : never }[keyof LinkCounters];

/** Every numeric link counter, its metric name and what it counts (PROTOCOL.md clauses in link-types.ts). */
export const LINK_METRICS: Readonly<Record<NumericCounterName, readonly [`table_link_${string}_total`, string]>> = {
  bytesRx: ['table_link_received_bytes_total', 'Bytes received from the shoe'],
  bytesTx: ['table_link_sent_bytes_total', 'Bytes sent to the shoe'],
  framesRx: ['table_link_received_frames_total', 'Frames received from the shoe'],
  framesTx: ['table_link_sent_frames_total', 'Frames sent to the shoe'],
  crcErrors: ['table_link_crc_errors_total', 'Candidate frames that failed their CRC (PROTOCOL.md §4.3)'],
  discardedBytes: ['table_link_discarded_bytes_total', 'Bytes the deframer skipped, all reasons (PROTOCOL.md §11)'],
  retransmissions: ['table_link_retransmissions_total', 'Commands sent again after an ACK timeout or NAK CRC_ERROR (PROTOCOL.md §9.2)'],
  heldFrames: ['table_link_held_frames_total', 'Shoe events held (not delivered, not ACKed) during a sequence incident'],
  sequenceIncidents: ['table_link_sequence_incidents_total', 'Sequence incidents (PROTOCOL.md §8.4, §8.6)'],
  duplicatesSuppressed: ['table_link_duplicates_suppressed_total', 'Shoe frames received again and re-ACKed without delivery (PROTOCOL.md §6.3)'],
  duplicatesInFlight: ['table_link_duplicates_in_flight_total', 'Retransmissions that arrived while the first copy was being persisted'],
  delivered: ['table_link_delivered_events_total', 'Shoe events delivered to the table'],
  naksSent: ['table_link_naks_sent_total', 'NAKs sent to the shoe'],
  naksReceived: ['table_link_naks_received_total', 'NAKs received from the shoe'],
  heartbeats: ['table_link_heartbeats_total', 'Heartbeats received from the shoe'],
  handshakes: ['table_link_handshakes_total', 'Handshakes completed'],
  linkDowns: ['table_link_downs_total', 'Times the session was lost after having been up (link flaps)'],
  portOpens: ['table_link_port_opens_total', 'Times the serial port was (re)opened'],
  openFailures: ['table_link_open_failures_total', 'Failed attempts to open the serial port'],
  disconnects: ['table_link_disconnects_total', 'Times the port closed because the device went away'],
  canceledIo: ['table_link_canceled_io_total', 'I/O aborted by closing the port (expected during close or unplug)'],
  ioErrors: ['table_link_io_errors_total', 'Serial I/O errors'],
  handlerFailures: ['table_link_handler_failures_total', 'Shoe events the table failed to handle'],
  protocolErrors: ['table_link_protocol_errors_total', 'Well-framed messages that broke the protocol'],
};

/** Registers one counter per link counter; a counter the link does not report reads 0. */
export function registerLinkMetrics(register: Registry, counters: () => Readonly<Record<string, number>>): void {
  for (const [key, [name, help]] of Object.entries(LINK_METRICS)) countAtScrape(register, name, help, () => counters()[key] ?? 0);
}
