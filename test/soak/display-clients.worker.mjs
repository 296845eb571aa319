// The soak's display clients, in a worker thread of their own (plain JavaScript: a worker is loaded by
// Node, not by vitest or tsx). Displays are other machines in production; here they get the second core,
// so their parsing does not slow the table, and the table's heap (the main thread's) is measured alone.
//
// workerData: { url, path, clients }   e.g. path '/ws/dealer?token=display-token-1'
// → main: { type: 'connected' } once every socket is open; { type: 'allFirst' } once every client has
//         its first view; { type: 'progress', ... } every 25 ms; { type: 'failed', error } if a socket
//         cannot connect.
// ← main: { type: 'finish' } → closes every socket and answers { type: 'done', clients, views, ... }.
//
// Per client and message: the view's seq (kept, in order of arrival) and whether it went backwards or
// repeated (an ordering violation). Per seq, once for all clients (`views`): two hashes of the view sent
// at that seq — `part`, of what the log decides (table, pause, faults), and `full`, of the whole view
// (phase and instruction included: they are read from the live table when the view is sent). A client
// whose view at a seq differs from the first one received there is listed (`partDivergent`: never
// allowed; `fullDivergent`: allowed only while the displays were still catching up).
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { url, path, clients: count } = workerData;
const port = parentPort;

/** The part of a dealer view the log decides, hashed (the main thread hashes its own fold the same way). */
function logPartHash(view) {
  // The stage is left out: the staff views show the next step's stage, which may run ahead of the log
  // (src/app/displays/consistent-stage.ts), so it is not the log's to decide.
  return createHash('sha1').update(JSON.stringify([{ ...view.table, stage: undefined }, view.paused, view.faults])).digest('base64');
}

class SeqList {
  constructor() {
    this.buffer = new Int32Array(4096);
    this.length = 0;
  }
  push(seq) {
    if (this.length === this.buffer.length) {
      const bigger = new Int32Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.length++] = seq;
  }
  take() {
    return this.buffer.slice(0, this.length);
  }
}

/** seq → { part, full } hashes of the view sent at that seq (the first client to receive it sets them). */
const views = new Map();
const partDivergent = [];
/** [client, seq] where the whole view differs from the first one received at that seq. */
const fullDivergent = [];
let withFirstView = 0;
let finishing = false;
let messages = 0;
let bytes = 0;

const clients = Array.from({ length: count }, (_, index) => {
  const client = {
    index,
    socket: new WebSocket(`${url.replace(/^http/, 'ws')}${path}`),
    seqs: new SeqList(),
    last: -1,
    messages: 0,
    bytes: 0,
    orderViolations: 0,
    firstViolations: [],
    malformed: 0,
    lastView: null,
    closedEarly: null,
    error: null,
  };
  client.socket.on('message', (data, isBinary) => {
    const text = isBinary ? Buffer.from(data).toString('utf8') : data.toString();
    client.messages++;
    client.bytes += text.length;
    messages++;
    bytes += text.length;
    let view;
    try {
      const message = JSON.parse(text);
      view = message.type === 'view' ? message.view : null;
    } catch {
      view = null;
    }
    if (!view || !Number.isSafeInteger(view.seq)) {
      client.malformed++;
      return;
    }
    const seq = view.seq;
    if (client.seqs.length === 0 && ++withFirstView === count) port.postMessage({ type: 'allFirst' });
    if (seq <= client.last) {
      client.orderViolations++;
      if (client.firstViolations.length < 5) client.firstViolations.push({ after: client.last, got: seq, at: client.messages });
    }
    client.last = Math.max(client.last, seq);
    client.seqs.push(seq);
    client.lastView = view;
    // The whole view: the message from "view": on (sentAt, the send time, comes before it).
    const full = createHash('sha1').update(text.slice(text.indexOf('"view":'))).digest('base64');
    const known = views.get(seq);
    if (known === undefined) views.set(seq, { part: logPartHash(view), full });
    else if (known.full !== full) {
      if (fullDivergent.length < 100_000) fullDivergent.push([index, seq]);
      if (known.part !== logPartHash(view) && partDivergent.length < 100) partDivergent.push({ client: index, seq });
    }
  });
  client.socket.on('close', (code, reason) => {
    if (!finishing && client.closedEarly === null) client.closedEarly = { code, reason: reason.toString() };
  });
  client.socket.on('error', (err) => {
    client.error = String(err?.message ?? err);
  });
  return client;
});

Promise.all(
  clients.map((c) => new Promise((resolve, reject) => {
    c.socket.once('open', resolve);
    c.socket.once('error', reject);
    c.socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  })),
).then(
  () => port.postMessage({ type: 'connected' }),
  (err) => port.postMessage({ type: 'failed', error: String(err?.message ?? err) }),
);

const progress = setInterval(() => {
  let minLast = Infinity;
  let closed = 0;
  for (const c of clients) {
    minLast = Math.min(minLast, c.last);
    if (c.closedEarly) closed++;
  }
  port.postMessage({ type: 'progress', minLast, messages, bytes, closed });
}, 25);

port.on('message', async (message) => {
  if (message.type !== 'finish') return;
  finishing = true;
  clearInterval(progress);
  await Promise.all(clients.map((c) => new Promise((resolve) => {
    if (c.socket.readyState === WebSocket.CLOSED) return resolve();
    c.socket.once('close', resolve);
    c.socket.close(1000, 'soak over');
  })));
  const out = clients.map((c) => ({
    index: c.index,
    seqs: c.seqs.take(),
    messages: c.messages,
    bytes: c.bytes,
    orderViolations: c.orderViolations,
    firstViolations: c.firstViolations,
    malformed: c.malformed,
    lastView: c.lastView,
    closedEarly: c.closedEarly,
    error: c.error,
  }));
  port.postMessage({ type: 'done', clients: out, views: [...views], partDivergent, fullDivergent }, out.map((c) => c.seqs.buffer));
  port.close();
});
