// Why a NATS server cannot be used, in an operator's words (the floor link, the KV anchor, the CLI's NATS
// verbs). A server that answers but has no JetStream is its own case: nats.js reports it as an error coded
// '503', which said "not reachable (503)" or showed a stack trace, and sent the operator to the network
// instead of the server's configuration.
export function hasNoJetStream(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '503';
}

/** The sentence for a server without JetStream (reasons-*.js: reason.natsNoJetStream). */
export function noJetStreamSentence(url: string): string {
  return `NATS at ${url} has no JetStream: start \`nats-server\` with JetStream on (\`-js\`, or \`jetstream {}\` in its configuration)`;
}

/** The sentence for any failure to use NATS at `url`: no JetStream, or not reachable and why. */
export function natsTrouble(url: string, err: unknown): string {
  return hasNoJetStream(err) ? noJetStreamSentence(url) : `NATS at ${url} not reachable (${(err as Error).message})`;
}
