/**
 * Where the NATS tests find a server: NATS_URL or 127.0.0.1:4222. Locally they may skip when
 * none is reachable (saying so); under CI (CI=true) they never skip, so a missing server fails.
 */
import { connect as tcpConnect } from 'node:net';

export const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';

export function natsHostPort(url = NATS_URL): { host: string; port: number } {
  const parsed = new URL(url.includes('://') ? url : `nats://${url}`);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 4222) };
}

export function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The skip reason, or false when the tests must run. */
export async function natsSkipReason(): Promise<string | false> {
  const { host, port } = natsHostPort();
  if (await reachable(host, port)) return false;
  if (process.env['CI']) return false; // CI has a server: let the tests fail loudly
  return `no NATS server reachable at ${host}:${port} (set NATS_URL)`;
}
