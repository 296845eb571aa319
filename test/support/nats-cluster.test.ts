// The tests' own NATS cluster (./nats-cluster.ts) and single server (../adapters/store/nats-server-process.ts) when a free port is taken before a node binds it, as another
// process can between asking for the port and starting the node: the node's log says why it exited, the
// error ends with that line (scripts/nats-cluster.mjs), and the cluster starts again on fresh ports.
import { afterAll, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { connect } from 'nats';
import { freePort, ownNatsServer } from '../adapters/store/nats-server-process.js';
import { natsServerAvailable, ownNatsCluster } from './nats-cluster.js';

const blockers: Server[] = [];
afterAll(() => {
  for (const b of blockers) b.close();
});

/** A port held by a listener of this process until the file ends. */
async function takenPort(): Promise<number> {
  const blocker = createServer();
  blockers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as { port: number }).port;
}

describe.skipIf(!natsServerAvailable())('a port taken before the node binds it', () => {
  test('the cluster starts again on fresh ports and serves; the failed start said why', async () => {
    const taken = await takenPort();
    let handedOut = 0;
    // The first attempt's fourth port (node 2's client port) is taken; every later port is free.
    const own = await ownNatsCluster(async () => (++handedOut === 4 ? taken : freePort()));
    try {
      expect(handedOut).toBe(18); // two attempts of nine ports
      expect(own.cluster.ports.map((p) => p.client)).not.toContain(taken);
      const nc = await connect({ servers: own.cluster.url.split(',') });
      expect(nc.getServer()).toMatch(/^127\.0\.0\.1:\d+$/);
      await nc.close();
      expect(existsSync(own.cluster.logOf(1))).toBe(true);
    } finally {
      await own.remove();
    }
  });

  test('three attempts with a taken port end in the error naming it', async () => {
    const taken = await takenPort();
    let handedOut = 0;
    const failed = await ownNatsCluster(async () => (++handedOut % 9 === 4 ? taken : freePort())).then(
      async (own) => { await own.remove(); return 'started'; },
      (err: Error) => err.message,
    );
    expect(handedOut).toBe(27);
    expect(failed).toMatch(new RegExp(`nats-server n2 exited .*bind: address already in use`));
    expect(failed).toContain(String(taken));
  });
});

describe.skipIf(!natsServerAvailable())('a single server of the test\'s own, its port taken first', () => {
  test('starts again on another port; three taken ports end in the error naming the bind', async () => {
    const taken = await takenPort();
    let handedOut = 0;
    const own = await ownNatsServer(true, async () => (++handedOut === 1 ? taken : freePort()));
    try {
      expect(handedOut).toBe(2);
      expect(own.nats.port).not.toBe(taken);
      const nc = await connect({ servers: own.nats.url });
      await nc.close();
    } finally {
      await own.remove();
    }
    const failed = await ownNatsServer(true, async () => taken).then(async (o) => { await o.remove(); return 'started'; }, (err: Error) => err.message);
    expect(failed).toMatch(/nats-server exited with 1: .*address already in use/);
  });
});
