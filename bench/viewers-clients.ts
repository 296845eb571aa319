// The viewers' side of bench/viewers.ts: one process of public viewers; the bench starts
// several (bench/support/viewer-pool.ts) so that no one event loop carries every viewer. Each viewer is
// a plain WebSocket client written for the bench — a TCP socket, the upgrade, and a frame reader that
// looks only at what it needs: the timestamps at fixed places in the message ({"type":"view","sentAt":
// ISO,"madeAt":ISO,"view":...}) and, only in a message holding a dealer's verdict or a void, the round
// number. No message is parsed whole: a real viewer's browser spends its own CPU, not the bench's.
// Each viewer connects from its own loopback address (127.0.0.2 …) as viewers on the internet would,
// so the gateways' per-address rate limit sees many clients, not one. A refused or failed connection is
// tried again after a short random wait, as the pages do.
//   argv[2]: JSON { urls: ws URLs, path, count, offset }.  stdin: "connect", then "stop <json {rounds}>".
//   stdout: JSON lines {up}, {ready, firstViewsMs, refused}, {report}.
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface Options {
  readonly urls: readonly string[];
  readonly path: string;
  readonly count: number;
  readonly offset: number;
}
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const targets = options.urls.map((u) => new URL(u));

/** Milliseconds, one bucket each, up to a minute (the last bucket holds everything later). */
const HISTOGRAM_MS = 60_000;
const histogram = () => new Uint32Array(HISTOGRAM_MS + 1);
const total = histogram(); // the table made the view (its facts durable) -> this viewer read it
const hop = histogram(); // the table made it -> the gateway sent it (NATS, the gateway's queue)
const lastMile = histogram(); // the gateway sent it -> this viewer read it (socket, this process's queue)
const record = (h: Uint32Array, ms: number) => {
  h[Math.max(0, Math.min(HISTOGRAM_MS, Math.round(ms)))]! += 1;
};
let withoutMadeAt = 0;
let viewBytes = 0;

const PREFIX = Buffer.from('{"type":"view","sentAt":"');
const MADE = Buffer.from('","madeAt":"');
const FINISHED = Buffer.from('"finished":true');
const VOIDED = Buffer.from('"voided":true');
const HANDS_ROUND = Buffer.from('"handsRound":');
const ISO_LENGTH = 24; // 2024-01-01T00:00:00.000Z

class Viewer {
  socket: Socket | null = null;
  upgraded = false;
  rest: Buffer | null = null;
  firstViewMs: number | null = null;
  messages = 0;
  /** Rounds whose final view (the dealer's verdict, or a void) this viewer read. */
  readonly finals = new Set<number>();
  constructor(readonly index: number) {}
}

const viewers = Array.from({ length: options.count }, (_, i) => new Viewer(options.offset + i));
const refused = new Map<string, number>();
let connectAt = 0;
let withFirst = 0;
let stopping = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function onView(viewer: Viewer, payload: Buffer, now: number): void {
  viewer.messages++;
  viewBytes += payload.length;
  if (viewer.firstViewMs === null) {
    viewer.firstViewMs = now - connectAt;
    if (++withFirst === viewers.length) {
      process.stdout.write(`${JSON.stringify({ ready: true, firstViewsMs: viewers.map((v) => v.firstViewMs), refused: Object.fromEntries(refused) })}\n`);
    }
  }
  if (payload.compare(PREFIX, 0, PREFIX.length, 0, PREFIX.length) !== 0) return;
  const at = PREFIX.length;
  const sentAt = Date.parse(payload.toString('latin1', at, at + ISO_LENGTH));
  record(lastMile, now - sentAt);
  if (payload.compare(MADE, 0, MADE.length, at + ISO_LENGTH, at + ISO_LENGTH + MADE.length) === 0) {
    const madeFrom = at + ISO_LENGTH + MADE.length;
    const madeAt = Date.parse(payload.toString('latin1', madeFrom, madeFrom + ISO_LENGTH));
    record(total, now - madeAt);
    record(hop, sentAt - madeAt);
  } else withoutMadeAt++;
  // The view's table ends ...,"dealer":{...,"finished":B,"blackjack":B},"handsRound":N,"voided":B,...
  // (the projection's key order): look there only, from the end, instead of scanning the whole view.
  const i = payload.lastIndexOf(HANDS_ROUND);
  if (i < 0) return;
  let round = 0;
  let k = i + HANDS_ROUND.length;
  for (; k < payload.length; k++) {
    const c = payload[k]!;
    if (c < 48 || c > 57) break;
    round = round * 10 + (c - 48);
  }
  if (k === i + HANDS_ROUND.length) return; // "handsRound":null
  const verdict = payload.indexOf(FINISHED, Math.max(0, i - 48));
  const finished = verdict >= 0 && verdict < i;
  const voided = payload.compare(VOIDED, 0, VOIDED.length, k + 1, k + 1 + VOIDED.length) === 0;
  if (finished || voided) viewer.finals.add(round);
}

/** Reads the frames in `data` (server frames are never masked); keeps a partial frame for later. */
function onFrames(viewer: Viewer, data: Buffer): void {
  const buf = viewer.rest ? Buffer.concat([viewer.rest, data]) : data;
  viewer.rest = null;
  const now = Date.now();
  let at = 0;
  while (buf.length - at >= 2) {
    const opcode = buf[at]! & 0x0f;
    let length = buf[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      if (buf.length - at < 4) break;
      length = buf.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (buf.length - at < 10) break;
      length = buf.readUInt32BE(at + 6);
      header = 10;
    }
    if (buf.length - at < header + length) break;
    const payload = buf.subarray(at + header, at + header + length);
    at += header + length;
    if (opcode === 1) onView(viewer, payload, now);
    else if (opcode === 9) viewer.socket?.write(Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload])); // pong, zero mask
    else if (opcode === 8) viewer.socket?.destroy();
  }
  if (at < buf.length) viewer.rest = Buffer.from(buf.subarray(at));
}

/** One read buffer for every socket of this process (net's `onread`: no Buffer made per read, no stream
 *  machinery); each read is handled before the next, and a partial frame is copied out. */
const READ_BUFFER = Buffer.allocUnsafe(1 << 20);

function onBytes(viewer: Viewer, socket: Socket, data: Buffer): void {
  if (viewer.upgraded) return onFrames(viewer, data);
  const head = viewer.rest ? Buffer.concat([viewer.rest, data]) : Buffer.from(data);
  const end = head.indexOf('\r\n\r\n');
  if (end < 0) {
    viewer.rest = head;
    return;
  }
  viewer.rest = null;
  const status = head.toString('latin1', 9, 12);
  if (status !== '101') {
    refused.set(status, (refused.get(status) ?? 0) + 1);
    socket.destroy();
    return;
  }
  viewer.upgraded = true;
  if (end + 4 < head.length) onFrames(viewer, head.subarray(end + 4));
}

function open(viewer: Viewer): void {
  const target = targets[viewer.index % targets.length]!;
  const localAddress = `127.0.${1 + Math.floor(viewer.index / 250) % 250}.${2 + (viewer.index % 250)}`;
  const socket: Socket = connect({
    host: target.hostname, port: Number(target.port), localAddress, noDelay: true,
    onread: { buffer: READ_BUFFER, callback: (n: number, buf: Uint8Array) => {
      onBytes(viewer, socket, Buffer.from(buf.buffer, buf.byteOffset, n));
      return true;
    } },
  });
  viewer.socket = socket;
  viewer.upgraded = false;
  viewer.rest = null;
  socket.on('connect', () => {
    socket.write(`GET ${target.pathname === '/' ? options.path : target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
      + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    viewer.socket = null;
    if (!stopping && viewer.firstViewMs === null) setTimeout(() => open(viewer), 100 + Math.random() * 400);
  });
}

/** A histogram as [ms, count] pairs (the parent adds the processes' up). */
const sparse = (h: Uint32Array): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  h.forEach((n, ms) => {
    if (n > 0) out.push([ms, n]);
  });
  return out;
};

process.stdout.write(`${JSON.stringify({ up: true })}\n`);
createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line === 'connect') {
    connectAt = Date.now();
    loopDelay.enable();
    for (let i = 0; i < viewers.length; i++) {
      open(viewers[i]!);
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
    return;
  }
  if (!line.startsWith('stop')) return;
  const rounds = (JSON.parse(line.slice(5)) as { rounds: number[] }).rounds;
  // Views still on their way (a busy machine): wait up to 10 s for every viewer to have every round's
  // final view; how late they came is in the delivery figures.
  const waitUntil = Date.now() + 10_000;
  while (Date.now() < waitUntil && viewers.some((v) => rounds.some((r) => !v.finals.has(r)))) await new Promise((r) => setTimeout(r, 50));
  stopping = true;
  const missing = viewers.map((v) => rounds.filter((r) => !v.finals.has(r)).length);
  const cpu = process.cpuUsage();
  const report = {
    viewers: viewers.length,
    viewersMissingAFinal: missing.filter((m) => m > 0).length,
    finalsMissed: missing.reduce((a, b) => a + b, 0),
    messages: viewers.reduce((n, v) => n + v.messages, 0),
    withoutMadeAt, viewBytes,
    total: sparse(total), hop: sparse(hop), lastMile: sparse(lastMile),
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssMiB: process.memoryUsage().rss / 2 ** 20,
  };
  for (const v of viewers) v.socket?.destroy();
  process.stdout.write(`${JSON.stringify({ report })}\n`);
  process.exit(0);
});
