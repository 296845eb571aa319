// A three-node NATS cluster of the test's own on free loopback ports, stores in a scratch folder
// (scripts/nats-cluster.mjs: the same code the operator's script runs). `remove` stops every node and
// deletes the stores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsCluster } from '../../scripts/nats-cluster.mjs';
import { freePort, natsServerAvailable } from '../adapters/store/nats-server-process.js';

export { natsServerAvailable };

export async function ownNatsCluster(): Promise<{ cluster: NatsCluster; remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
  const ports = [];
  for (let i = 0; i < 3; i++) ports.push({ client: await freePort(), route: await freePort(), monitor: await freePort() });
  const cluster = new NatsCluster({ dir, ports, name: `test${process.pid}` });
  try {
    await cluster.start();
  } catch (err) {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { cluster, remove: async () => { await cluster.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

/** The index (0-based) of the node that leads `stream` now, from the server names n1..n3. */
export function nodeIndex(serverName: string | undefined): number {
  const n = Number(/^n(\d)$/.exec(serverName ?? '')?.[1]);
  if (!Number.isInteger(n)) throw new Error(`not a node of the cluster: ${serverName}`);
  return n - 1;
}
