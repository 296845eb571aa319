// The conformance suite: drives whatever device is on the line through the sessions a table sees
// and returns one verdict per PROTOCOL.md clause. `scripted`: the device draws by itself whenever its
// gate is open (the emulators); otherwise `prompt` tells a person at the bench what to do.
import { encodeFrame, nextSeq, type Message } from '../../firmware-protocol/src/index.js';
import type { Clock } from '../ports/clock.js';
import { ConformanceDriver } from './driver.js';
import { checkFramesValid, checkHeartbeat, checkNoCardsWhileLocked, checkSequence, result, type ClauseResult, type ReceivedFrame } from './verdict.js';

export interface SuiteOptions {
  serialPath: string;
  scripted: boolean;
  /** A person must act (manual mode): what to do. Resolves when they may have done it. */
  prompt?: (what: string) => Promise<void>;
  baud?: number;
  /** The process's clock: a real device answers in real time. */
  clock: Clock;
}

const isCard = (f: ReceivedFrame) => (f.message.type === 'CARD_DRAWN' && !f.message.rescan) || f.message.type === 'CARD_UNREADABLE';
const isType = (t: Message['type']) => (f: ReceivedFrame) => f.message.type === t;

export async function runConformance(o: SuiteOptions): Promise<ClauseResult[]> {
  const d = await ConformanceDriver.open(o.serialPath, o.baud ?? 115200, o.clock);
  const out: ClauseResult[] = [];
  const locked: [number, number][] = []; // frame-index windows, see checkNoCardsWhileLocked
  const ask = async (what: string) => (o.scripted ? undefined : o.prompt?.(what));
  try {
    // §8.1 handshake: the shoe asks, repeats every 1000 ms until answered.
    d.autoHello = false;
    const h1 = await d.waitFor(isType('HELLO'), 3000);
    const h2 = h1 ? await d.waitFor(isType('HELLO'), 2500, d.frames.indexOf(h1) + 1) : null;
    out.push(result('§8.1', 'the shoe sends HELLO requests every 1000 ms until answered', !!h1 && !!h2 && Math.abs(h2.at - h1.at - 1000) <= 200,
      h1 && h2 ? `HELLO at ${h1.at} and ${h2.at} ms` : 'no HELLO request within 3 s'));
    if (!h1 || h1.message.type !== 'HELLO') return out;
    const hm = h1.message;
    out.push(result('§7.2.1', 'HELLO: role shoe, version 2, session nonce', hm.role === 'shoe' && hm.protocolVersion >= 2 && hm.minProtocolVersion <= 2 && (hm.bootNonce ?? 0) !== 0,
      `role ${hm.role}, versions ${hm.minProtocolVersion}..${hm.protocolVersion}, nonce ${hm.bootNonce}, serial "${hm.serialNumber}"`));
    const sequencedEarly = d.frames.find((f) => f.seq !== 0);
    out.push(result('§8.1', 'no sequenced frame before the session is up', sequencedEarly === undefined, sequencedEarly ? `seq ${sequencedEarly.seq} before the reply` : 'none'));
    d.autoHello = true;
    const mark = d.frames.length;
    // Answer the request seen (§8.1); the driver adopts the shoe's sequence state (§8.4 b).
    d.lastRx = hm.coldStart || hm.nextTxSeq === 1 ? 0 : hm.nextTxSeq - 1;
    d.shoeNonce = hm.bootNonce ?? 0;
    d.send(0, d.hello(true));
    d.noHistory = false;
    const lockedFrom = d.frames.length;
    const hb = await d.waitFor(isType('HEARTBEAT'), 1500, mark);
    out.push(result('§7.5.1', 'the gate is locked when a session starts', !!hb && hb.message.type === 'HEARTBEAT' && hb.message.gate === 'locked',
      hb && hb.message.type === 'HEARTBEAT' ? `HEARTBEAT gate ${hb.message.gate}` : 'no HEARTBEAT within 1.5 s'));
    // Gate locked for 1.5 s: no card may leave the shoe (a person tries to draw).
    await ask('Try to draw a card now: the gate must hold it (1.5 s).');
    await d.sleep(1500);
    locked.push([lockedFrom, d.frames.length]);
    // §7.5.3: GATE_UNLOCK with an allowance of 2, anchored to the last event delivered.
    let from = d.frames.length;
    const u1 = d.command({ type: 'GATE_UNLOCK', allowance: 2, seenSeq: d.lastRx });
    const ack1 = await d.waitFor((f) => f.message.type === 'ACK' && f.message.ackSeq === u1, 1000, from);
    out.push(result('§6.3', 'a controller command is acknowledged', !!ack1, ack1 ? `ACK ${u1}` : `no ACK for GATE_UNLOCK ${u1}`));
    await ask('Draw two cards, then try a third.');
    await d.waitFor(() => d.frames.slice(from).filter(isCard).length >= 2, o.scripted ? 3000 : 60_000, from);
    await d.sleep(800);
    const cards = uniqueSeq(d.frames.slice(from)).filter(isCard);
    out.push(result('§7.5.3', 'the shoe releases exactly the allowance, then locks by itself', cards.length === 2, `${cards.length} card(s) after GATE_UNLOCK allowance 2`));
    const indices = cards.flatMap((f) => ('drawIndex' in f.message ? [f.message.drawIndex] : []));
    out.push(result('§7.4', 'drawIndex counts the cards one by one', indices.length < 2 ? null : indices[1] === (indices[0] as number) + 1, `drawIndex ${indices.join(', ')}`));
    const lockAt = d.frames.length;
    // §6.3: an out-of-order command is refused, a duplicate re-acknowledged and not executed again.
    from = d.frames.length;
    const skipped = nextSeq(nextSeq(d.nextTx));
    d.send(skipped, { type: 'GATE_UNLOCK', allowance: 0, seenSeq: 0 });
    const nak = await d.waitFor((f) => f.message.type === 'NAK' && f.message.nakSeq === skipped, 1000, from);
    const wrongAck = d.frames.slice(from).find((f) => f.message.type === 'ACK' && f.message.ackSeq === skipped);
    out.push(result('§6.3', 'a command out of sequence is refused with NAK UNEXPECTED_SEQ, not executed', !!nak && nak.message.type === 'NAK' && nak.message.reason === 'UNEXPECTED_SEQ' && !wrongAck,
      wrongAck ? `ACK ${skipped} for a command expected as ${d.nextTx}` : nak && nak.message.type === 'NAK' ? `NAK ${nak.message.reason} ${skipped}` : 'no answer'));
    d.send(u1, { type: 'GATE_UNLOCK', allowance: 2, seenSeq: 0 }); // not the identical frame: a duplicate seq is re-ACKed whatever it holds
    const dup = await d.waitFor((f) => f.message.type === 'ACK' && f.message.ackSeq === u1, 1000, from);
    out.push(result('§6.3', 'a duplicate command is re-acknowledged', !!dup, dup ? `ACK ${u1} again` : 'no ACK for the duplicate'));
    await d.sleep(700);
    locked.push([lockAt, d.frames.length]);
    // §9.2: withhold ACKs; the shoe retransmits every 250 ms, 5 times, then handshakes again.
    d.autoAck = false;
    from = d.frames.length;
    d.command({ type: 'GATE_UNLOCK', allowance: 1, seenSeq: d.lastRx });
    await ask('Draw one card.');
    const first = await d.waitFor((f) => f.seq !== 0, o.scripted ? 3000 : 60_000, from);
    if (!first) {
      out.push(result('§9.2', 'retransmission every 250 ms until ACKed', false, 'the shoe sent no event to withhold an ACK from'));
    } else {
      d.autoHello = false;
      const hello = await d.waitFor((f) => f.message.type === 'HELLO', 3000, d.frames.indexOf(first) + 1);
      const copies = d.frames.slice(from).filter((f) => f.seq === first.seq && f.message.type === first.message.type);
      const retx = d.discards.filter((x) => x.at > first.at).length + copies.length - 1;
      const gaps = copies.slice(1).map((c, i) => c.at - (copies[i] as ReceivedFrame).at);
      out.push(result('§9.2', 'retransmission every 250 ms, 5 times, then a new handshake', !!hello && retx === 5 && copies.length === 6 && gaps.every((g) => g >= 200 && g <= 400),
        `${copies.length} transmissions of seq ${first.seq} (gaps ${gaps.join(', ')} ms), ${hello ? 'then HELLO' : 'no HELLO'}`));
      // §8.4 c: after the handshake the frame comes again, and is delivered once.
      const at = d.frames.length;
      d.autoHello = true;
      d.autoAck = true;
      if (hello && hello.message.type === 'HELLO') {
        d.shoeNonce = hello.message.bootNonce ?? d.shoeNonce;
        d.send(0, d.hello(true));
      }
      const again = await d.waitFor((f) => f.seq === first.seq, 2000, at);
      out.push(result('§8.4', 'the unacknowledged frame is kept across the session loss and sent again', !!again && again.wire === first.wire, again ? `seq ${first.seq} again, ${again.wire === first.wire ? 'identical' : 'different bytes'}` : 'not sent again'));
    }
    // §9.4: a damaged frame is answered with NAK CRC_ERROR; §3.3: garbage does not stop the link.
    await statusRound(d, out);
    out.push(checkHeartbeat(d.frames));
    out.push(checkNoCardsWhileLocked(d.frames, locked));
    out.push(...checkSequence(d.frames));
    out.push(checkFramesValid(d.discards, d.frames.length));
    out.push(checkNonces(d.frames));
    return out;
  } finally {
    await d.close();
  }
}

async function statusRound(d: ConformanceDriver, out: ClauseResult[]): Promise<void> {
  await d.sleep(300);
  let from = d.frames.length;
  const damaged = encodeFrame({ seq: d.nextTx, message: { type: 'STATUS_REQUEST' } });
  damaged[3] = (damaged[3] as number) ^ 0x10;
  d.writeRaw(damaged);
  const nak = await d.waitFor((f) => f.message.type === 'NAK' && f.message.reason === 'CRC_ERROR', 1000, from);
  out.push(result('§9.4', 'a frame failing its CRC is answered with NAK CRC_ERROR', !!nak, nak ? 'NAK CRC_ERROR seq 0' : 'no NAK'));
  const noise = new Uint8Array(64 * 1024);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 131 + 7) & 0xff || 0x55;
  await d.writePaced(noise);
  from = d.frames.length;
  const seq = d.command({ type: 'STATUS_REQUEST' });
  const status = await d.waitFor((f) => f.message.type === 'STATUS', 2000, from);
  out.push(result('§3.3', 'the receiver is back in step at the next delimiter after 64 KiB of garbage', !!status, status ? 'STATUS after the garbage' : 'no answer after the garbage'));
  out.push(result('§7.5.5', 'STATUS answers STATUS_REQUEST with inReplyTo', !!status && status.message.type === 'STATUS' && status.message.inReplyTo === seq,
    status && status.message.type === 'STATUS' ? `inReplyTo ${status.message.inReplyTo} (request ${seq})` : 'no STATUS'));
}

/** §8.6: a cold-start HELLO after events were delivered must carry a new nonce. */
function checkNonces(frames: readonly ReceivedFrame[]): ClauseResult {
  let nonce: number | null = null;
  let events = 0;
  let restarts = 0;
  for (const f of frames) {
    if (f.message.type === 'HELLO') {
      const n = f.message.bootNonce ?? 0;
      if (f.message.coldStart && events > 0 && n === nonce) {
        return result('§8.6', 'a power-up without sequence state draws a new session nonce', false, `cold-start HELLO reuses nonce ${n} after ${events} events`);
      }
      if (n !== nonce && nonce !== null) restarts++;
      if (f.message.coldStart && n !== nonce) events = 0;
      nonce = n;
    } else if (f.seq !== 0) events++;
  }
  return result('§8.6', 'a power-up without sequence state draws a new session nonce', restarts === 0 ? null : true, restarts === 0 ? 'no restart during the run' : `${restarts} restart(s), each under a new nonce`);
}

function uniqueSeq(frames: readonly ReceivedFrame[]): ReceivedFrame[] {
  const seen = new Set<number>();
  return frames.filter((f) => f.seq !== 0 && !seen.has(f.seq) && (seen.add(f.seq), true));
}
