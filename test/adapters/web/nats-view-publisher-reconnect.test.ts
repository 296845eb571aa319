// The table's views publisher when its NATS connection is made again to another node
// (src/adapters/view-fanout/nats-view-publisher.ts, docs/operations.md "The floor on a cluster"): a publish
// in flight may have gone down with the node it was sent to, and its answer would come only as a time-out;
// the newest view is sent again at once on the connection made again, and the lost publish's late answer
// changes nothing. A fake connection: publishes that are answered when the test says so.
import { describe, expect, test } from 'vitest';
import { Subject } from 'rxjs';
import { Events, type NatsConnection, type Status } from 'nats';
import { NatsViewPublisher } from '../../../src/adapters/view-fanout/nats-view-publisher.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import type { AudienceViewSource, SharedView } from '../../../src/ports/shared-view.js';

const view = (n: number): SharedView => ({ audience: 'public', seq: n, view: undefined, json: `{"n":${n}}` });
const turn = (): Promise<void> => new Promise((done) => setImmediate(done));

function fakeConnection() {
  const sent: Array<{ subject: string; seq: string | undefined; answer: () => void; fail: () => void }> = [];
  const events: Status[] = [];
  let wake: (() => void) | null = null;
  let stopped = false;
  const status = {
    stop: () => {
      stopped = true;
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      while (!stopped) {
        const next = events.shift();
        if (next) yield next;
        else await new Promise<void>((done) => (wake = done));
      }
    },
  };
  const connection = {
    jetstreamManager: () => Promise.resolve({ streams: { info: () => Promise.resolve({ config: { num_replicas: 1 } }) } }),
    jetstream: () => ({
      publish: (subject: string, _data: string, opts: { headers: { get(k: string): string } }) =>
        new Promise((resolve, reject) => {
          sent.push({ subject, seq: opts.headers.get('Table-Seq'), answer: () => resolve({ seq: sent.length }), fail: () => reject(new Error('TIMEOUT')) });
        }),
    }),
    status: () => status,
  } as unknown as NatsConnection;
  const reconnect = (): void => {
    events.push({ type: Events.Reconnect, data: '127.0.0.1:4302' });
    wake?.();
  };
  return { connection, sent, reconnect };
}

/** A publisher of table t1's public views over the fake connection, started. */
async function startedPublisher() {
  const { connection, sent, reconnect } = fakeConnection();
  const views = new Subject<SharedView>();
  const source: AudienceViewSource = { views$: (audience) => (audience === 'public' ? views : new Subject<SharedView>()), current: () => Promise.resolve(view(0)) };
  const publisher = new NatsViewPublisher({ tableId: 't1', views: source, connection, clock: new VirtualClock() });
  await publisher.start();
  return { sent, reconnect, views, publisher };
}

describe('the views publisher on a connection made again', () => {
  test('the publish in flight is sent again at once, and its late answer changes nothing', async () => {
    const { sent, reconnect, views, publisher } = await startedPublisher();
    views.next(view(1));
    await turn();
    expect(sent.map((s) => s.seq)).toEqual(['1']);

    // The node it was sent to is lost; no answer comes. The connection is made again to another node.
    reconnect();
    await turn();
    expect(sent.map((s) => s.seq)).toEqual(['1', '1']);

    // A view offered meanwhile waits for the publish in flight, then goes; the lost one's late failure is ignored.
    views.next(view(2));
    await turn();
    sent[0]!.fail();
    await turn();
    expect(sent.map((s) => s.seq)).toEqual(['1', '1']);
    sent[1]!.answer();
    await turn();
    expect(sent.map((s) => s.seq)).toEqual(['1', '1', '2']);
    sent[2]!.answer();
    await turn();
    expect(publisher.published('public')).toBe(2);

    publisher.stop();
    await publisher.watching;
  });

  test('with nothing in flight, a connection made again sends nothing', async () => {
    const { sent, reconnect, views, publisher } = await startedPublisher();
    views.next(view(1));
    await turn();
    sent[0]!.answer();
    await turn();
    reconnect();
    await turn();
    expect(sent.map((s) => s.seq)).toEqual(['1']);
    publisher.stop();
    await publisher.watching;
  });
});
