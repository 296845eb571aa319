// A tiny HTTP receiver for the feed's tests: it keeps every request (headers and exact body bytes) and
// answers as the test scripts it — a status, never (a request that hangs), or not at all (closed: refused).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/** What the receiver does with a request: answer this status, or hang. */
export type Answer = number | 'hang';

export class Receiver {
  readonly requests: Received[] = [];
  answer: (request: Received, n: number) => Answer = () => 200;
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  private port = 0;

  /** Listens (again, on the same port when it listened before). */
  async listen(): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks) };
        this.requests.push(received);
        const answer = this.answer(received, this.requests.length);
        if (answer === 'hang') {
          this.hanging.add(response);
          return;
        }
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/feed?key=not-for-logs`;
  }

  /** Stops listening: a connection is then refused. */
  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
