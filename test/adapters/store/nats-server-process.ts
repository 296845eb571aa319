/**
 * A nats-server of the test's own (JetStream, file store in a temp dir, loopback only) that the
 * test can stop and restart on the same port and store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { reachable } from './nats-availability.js';

export const NATS_SERVER_BIN = process.env['NATS_SERVER_BIN'] ?? '/usr/sbin/nats-server';

export function natsServerAvailable(): boolean {
  return existsSync(NATS_SERVER_BIN);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export class NatsServerProcess {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly storeDir: string,
    /** false: a server without JetStream, as a misconfigured floor might run. */
    readonly jetStream = true,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('already running');
    const child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(this.port), ...(this.jetStream ? ['-js', '-sd', this.storeDir] : [])], { stdio: 'ignore' });
    this.child = child;
    for (let i = 0; i < 100; i += 1) {
      if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`);
      if (await reachable('127.0.0.1', this.port, 200)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('nats-server did not start');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}

/** A nats-server of the test's own (with JetStream unless told), started on a free port with a fresh store; `remove` stops it and deletes the store. */
export async function ownNatsServer(jetStream = true): Promise<{ nats: NatsServerProcess; remove(): Promise<void> }> {
  const store = mkdtempSync(join(tmpdir(), 'own-nats-'));
  const nats = new NatsServerProcess(await freePort(), store, jetStream);
  await nats.start();
  return { nats, remove: async () => { await nats.stop(); rmSync(store, { recursive: true, force: true }); } };
}
