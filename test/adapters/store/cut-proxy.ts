/**
 * A TCP proxy in front of a nats-server that can lose what the server answers: `muteAnswers()`
 * drops every byte from the server to its clients (the clients' publishes still arrive and are
 * stored, their acks are lost), `cut()` closes every connection so the clients reconnect.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export class CutProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private muted = false;

  constructor(
    readonly port: number,
    private readonly upstreamPort: number,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection({ host: '127.0.0.1', port: this.upstreamPort });
      const pair = { client, upstream };
      this.pairs.add(pair);
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => {
        if (!this.muted) client.write(chunk);
      });
      const close = (): void => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close).on('error', close);
      upstream.on('close', close).on('error', close);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** From now on the server's answers are dropped (the acks of what is stored meanwhile are lost). */
  muteAnswers(): void {
    this.muted = true;
  }

  /** Closes every connection through the proxy and lets new ones through, answers and all. */
  cut(): void {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
    this.muted = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
