// The viewers of bench:slow-viewers (bench/slow-viewers.ts): one process of WebSocket clients that never
// read. Each opens a TCP connection from its own loopback address (127.0.x.y, as viewers on the internet
// would come from many), sends the upgrade, reads the answer's head and then stops reading for good: the
// views, the server's pings and its Close pile up in the kernel. Once a second each writes an empty Pong,
// unasked (RFC 6455 §5.5.3 allows one; the server ignores it as an answer), only to learn that the table
// shed it: a write to a reset connection fails. With `reconnect` a shed client connects again after a
// second, as a display page does, and stalls again — a steady storm; without, it stays closed.
// A refused upgrade (429, 503 under pressure) is tried again after a short random wait.
//   argv[2]: JSON { url, count, offset, reconnect }.  stdin: "status" -> one JSON line, "stop" -> exits.
//   stdout: JSON lines {up}, then {connects, open, closed, refused} per status.
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

interface Options {
  readonly url: string;
  readonly count: number;
  readonly offset: number;
  readonly reconnect: boolean;
}
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
/** An empty Pong, masked with a zero key as a client's frames must be (RFC 6455 §5.3). */
const PONG = Buffer.from([0x8a, 0x80, 0, 0, 0, 0]);

let connects = 0;
let closed = 0;
const refused = new Map<string, number>();
const open = new Set<Socket>();
let stopping = false;

function start(index: number): void {
  const localAddress = `127.0.${1 + Math.floor(index / 250) % 250}.${2 + (index % 250)}`;
  const socket = connect({ host: target.hostname, port: Number(target.port), localAddress });
  let head = Buffer.alloc(0);
  let upgraded = false;
  const onData = (data: Buffer) => {
    head = Buffer.concat([head, data]);
    if (head.indexOf('\r\n\r\n') < 0) return;
    const status = head.toString('latin1', 9, 12);
    if (status !== '101') {
      refused.set(status, (refused.get(status) ?? 0) + 1);
      socket.destroy();
      return;
    }
    // Upgraded: never read again (what came with the head, the first view perhaps, is all it reads).
    upgraded = true;
    connects += 1;
    socket.off('data', onData);
    socket.pause();
    open.add(socket);
  };
  socket.on('data', onData);
  socket.on('connect', () => {
    socket.write(`GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
      + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    open.delete(socket);
    if (stopping) return;
    if (upgraded) closed += 1;
    if (!upgraded || options.reconnect) setTimeout(() => start(index), upgraded ? 1000 : 200 + Math.random() * 800);
  });
}

setInterval(() => {
  for (const socket of open) socket.write(PONG);
}, 1000).unref();

process.stdout.write(`${JSON.stringify({ up: true })}\n`);
for (let i = 0; i < options.count; i++) {
  start(options.offset + i);
  if (i % 100 === 99) await new Promise((r) => setImmediate(r));
}
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'status') process.stdout.write(`${JSON.stringify({ connects, open: open.size, closed, refused: Object.fromEntries(refused) })}\n`);
  if (line === 'stop') {
    stopping = true;
    for (const socket of open) socket.destroy();
    process.exit(0);
  }
});
