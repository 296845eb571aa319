// Port: the shoe link's delivery hold (PROTOCOL.md §8.4, §8.6). After a sequence incident the link stops
// handing shoe events to the application (they stay unacknowledged in the shoe, firmware-protocol
// §9.2) until a supervisor has dealt with the incident. The serial link implements it.
export interface LinkHold {
  /** Why deliveries are held, or null. */
  readonly held: string | null;
  /** Hold deliveries (e.g. at start-up, when the log still has an incident open). */
  hold(reason: string): void;
  /** Deliveries resume with the shoe's next retransmission. */
  releaseHold(): void;
}
