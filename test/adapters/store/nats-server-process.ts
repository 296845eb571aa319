/**
 * A nats-server of the test's own (JetStream, file store in a temp dir, loopback only) that the
 * test can stop and restart on the same port and store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

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

  /**
   * Starts the server and resolves once it says "Server is ready" (not when the port answers: another process
   * holding the port would answer too); rejects with its last line when it exits first.
   */
  async start(): Promise<void> {
    if (this.child) throw new Error('already running');
    const child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(this.port), ...(this.jetStream ? ['-js', '-sd', this.storeDir] : [])], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let said = '';
    const lastLine = (): string => said.trimEnd().split('\n').at(-1) ?? '';
    await new Promise<void>((resolve, reject) => {
      const bound = setTimeout(() => finish(new Error(`nats-server did not start within 5 s: ${lastLine()}`)), 5000);
      const finish = (error?: Error): void => {
        clearTimeout(bound);
        child.stderr?.removeListener('data', onData);
        child.stderr?.resume(); // what it logs later is read and dropped
        child.removeListener('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onData = (d: Buffer): void => {
        said = `${said}${d.toString()}`.slice(-4000);
        if (said.includes('Server is ready')) finish();
      };
      const onExit = (code: number | null): void => {
        this.child = undefined;
        finish(new Error(`nats-server exited with ${code}: ${lastLine()}`));
      };
      child.stderr?.on('data', onData);
      child.once('exit', onExit);
    });
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

/**
 * Runs `start` again, up to three times, while what it started could not bind a port: a free port is one the
 * system had free a moment ago, and another process (a paired test file, a connection's own local port) can take
 * it before the server binds it. `start` cleans up after itself when it fails.
 */
export async function startAgainWhilePortTaken<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= 3 || !/address already in use/i.test((err as Error).message)) throw err;
    }
  }
}

/**
 * A nats-server of the test's own (with JetStream unless told), started on a free port with a fresh store; `remove`
 * stops it and deletes the store. A port taken before the server bound it: started again on another
 * (startAgainWhilePortTaken).
 */
export async function ownNatsServer(jetStream = true, nextPort: () => Promise<number> = freePort): Promise<{ nats: NatsServerProcess; remove(): Promise<void> }> {
  const store = mkdtempSync(join(tmpdir(), 'own-nats-'));
  try {
    const nats = await startAgainWhilePortTaken(async () => {
      const server = new NatsServerProcess(await nextPort(), store, jetStream);
      await server.start().catch(async (err: unknown) => {
        await server.stop();
        throw err;
      });
      return server;
    });
    return { nats, remove: async () => { await nats.stop(); rmSync(store, { recursive: true, force: true }); } };
  } catch (err) {
    rmSync(store, { recursive: true, force: true });
    throw err;
  }
}
