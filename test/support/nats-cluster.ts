// A three-node NATS cluster of the test's own on free loopback ports, stores in a scratch folder
// (scripts/nats-cluster.mjs: the same code the operator's script runs). `remove` stops every node and
// deletes the stores.
//
// A free port is one the system had free a moment ago: between asking for it and the node binding it, another
// process (the file paired with this one, a connection's own local port) can take it. A node that exits for
// that at the start: the whole cluster is started again on fresh ports (startAgainWhilePortTaken).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsCluster } from '../../scripts/nats-cluster.mjs';
import { freePort, natsServerAvailable, startAgainWhilePortTaken } from '../adapters/store/nats-server-process.js';

export { natsServerAvailable };

/** `nextPort`: where each port comes from (a test gives one that hands out a taken port first). */
export function ownNatsCluster(nextPort: () => Promise<number> = freePort): Promise<{ cluster: NatsCluster; remove(): Promise<void> }> {
  return startAgainWhilePortTaken(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
    const ports = [];
    for (let i = 0; i < 3; i++) ports.push({ client: await nextPort(), route: await nextPort(), monitor: await nextPort() });
    const cluster = new NatsCluster({ dir, ports, name: `test${process.pid}` });
    const remove = async (): Promise<void> => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    };
    await cluster.start().catch(async (err: unknown) => {
      await remove();
      throw err;
    });
    return { cluster, remove };
  });
}

/** The index (0-based) of the node that leads `stream` now, from the server names n1..n3. */
export function nodeIndex(serverName: string | undefined): number {
  const n = Number(/^n(\d)$/.exec(serverName ?? '')?.[1]);
  if (!Number.isInteger(n)) throw new Error(`not a node of the cluster: ${serverName}`);
  return n - 1;
}
