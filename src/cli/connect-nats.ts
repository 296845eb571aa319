// A command's connection to NATS (`shoe floor`, `shoe displays`): one attempt, given up after 5 s, and
// when the server cannot be reached one line that says so in words (an OperatorError: exit 2). A command
// never waits silently for a server that is not there; a service that should outlive outages once it runs
// passes its reconnect settings, which apply only after this first connection.
import { connect, type ConnectionOptions, type JetStreamManager, type NatsConnection } from 'nats';
import { OperatorError } from './operator-error.js';
import { hasNoJetStream, noJetStreamSentence } from '../adapters/store/nats-trouble.js';
import { natsServers } from '../adapters/store/nats-servers.js';

/** How long the first attempt may take, ms. */
const FIRST_ATTEMPT_MS = 5000;

export async function connectOrExplain(url: string, options: Omit<ConnectionOptions, 'servers' | 'timeout' | 'waitOnFirstConnect'> = {}): Promise<NatsConnection> {
  try {
    return await connect({ ...options, servers: natsServers(url), timeout: FIRST_ATTEMPT_MS });
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).message;
    const why = code === 'CONNECTION_REFUSED' ? 'connection refused' : code === 'TIMEOUT' ? `no answer within ${FIRST_ATTEMPT_MS / 1000} s` : (err as Error).message;
    throw new OperatorError(`cannot reach NATS at ${url}: ${why}; start it, or give the right --nats URL`);
  }
}

/** What `pending` gives; a server without JetStream is named in one line (an OperatorError), not a stack trace. */
export async function explainNoJetStream<T>(url: string, pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (err) {
    if (hasNoJetStream(err)) throw new OperatorError(noJetStreamSentence(url));
    throw err;
  }
}

/** The server's JetStream, or one line saying it has none. */
export function jetStreamOf(connection: NatsConnection, url: string): Promise<JetStreamManager> {
  return explainNoJetStream(url, connection.jetstreamManager());
}

/** Calls `down` when the connection drops and `up` when nats.js has it back, once each per outage. */
export function followNatsOutages(connection: NatsConnection, on: { down(): void; up(): void }): void {
  let away = false;
  void (async () => {
    for await (const s of connection.status()) {
      if (s.type === 'disconnect' && !away) {
        away = true;
        on.down();
      } else if (s.type === 'reconnect' && away) {
        away = false;
        on.up();
      }
    }
  })().catch(() => undefined);
}
