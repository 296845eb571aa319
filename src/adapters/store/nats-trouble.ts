// Why a NATS server cannot be used, in an operator's words (the floor link, the KV anchor, the CLI's NATS
// verbs). A server that answers but has no JetStream is its own case: nats.js reports it as an error coded
// '503', which said "not reachable (503)" or showed a stack trace, and sent the operator to the network
// instead of the server's configuration.
import { reasonSentence, type CodedUnion } from '../../messages/coded-reason.js';

export function hasNoJetStream(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '503';
}

/** Why NATS cannot be used, coded (its message `reason.<code>` in src/messages). */
export type NatsReason = CodedUnion<{
  natsConnecting: Record<never, string>;
  natsUnreachable: { address: string; error: string };
  natsNoJetStream: { address: string };
  natsDisconnected: { address: string };
}>;

/** The sentence for a server without JetStream (reason.natsNoJetStream). */
export function noJetStreamSentence(url: string): string {
  return reasonSentence({ code: 'natsNoJetStream', params: { address: url } });
}

/** Any failure to use NATS at `url`, coded: no JetStream, or not reachable and why. */
export function natsTroubleReason(url: string, err: unknown): NatsReason {
  return hasNoJetStream(err) ? { code: 'natsNoJetStream', params: { address: url } } : { code: 'natsUnreachable', params: { address: url, error: (err as Error).message } };
}

/** The sentence for any failure to use NATS at `url`: no JetStream, or not reachable and why. */
export function natsTrouble(url: string, err: unknown): string {
  return reasonSentence(natsTroubleReason(url, err));
}
