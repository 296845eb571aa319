#!/usr/bin/env node
// A three-node NATS cluster on loopback for the floor (docs/operations.md, "The floor on a cluster"):
// Debian's nats-server, JetStream on every node with its own store folder, routes between the three, and a
// monitoring port each whose /healthz says when the node's JetStream is current. The same code starts the
// cluster from the command line, in the tests (test/support/nats-cluster.ts) and in npm run bench:floor.
//
//   node scripts/nats-cluster.mjs [--dir DIR] [--port 4301] [--name floor]
//
// starts nodes n1..n3 listening for clients on PORT, PORT+1, PORT+2 (routes on PORT+100.., monitoring on
// PORT+200..), prints the servers' list for the table files (`nats: { url: "...", replicas: 3 }`) and keeps
// them running until Ctrl-C, then stops them. The store folders and each node's log (nN.log) stay in DIR (default
// ./data/nats-cluster).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** The configuration file of node `index` (0-based) of a cluster on `ports`. */
export function nodeConfig(name, index, ports, dir) {
  const routes = ports.filter((_, i) => i !== index).map((p) => `nats-route://127.0.0.1:${p.route}`);
  const own = ports[index];
  return [
    `server_name: n${index + 1}`,
    `listen: 127.0.0.1:${own.client}`,
    `http: 127.0.0.1:${own.monitor}`,
    `jetstream { store_dir: "${join(dir, `n${index + 1}`)}" }`,
    `cluster {`,
    `  name: ${name}`,
    `  listen: 127.0.0.1:${own.route}`,
    `  routes: [${routes.join(', ')}]`,
    `}`,
    '',
  ].join('\n');
}

/** Three nats-server processes forming one cluster; each node can be killed and started again on its store. */
export class NatsCluster {
  /** @param {{ dir: string, ports: Array<{ client: number, route: number, monitor: number }>, name?: string }} options */
  constructor(options) {
    this.dir = resolve(options.dir);
    this.ports = options.ports;
    this.name = options.name ?? 'floor';
    this.children = this.ports.map(() => null);
  }

  /** The servers' list a client takes: every node, comma-separated. */
  get url() {
    return this.ports.map((p) => `nats://127.0.0.1:${p.client}`).join(',');
  }

  nodeUrl(index) {
    return `nats://127.0.0.1:${this.ports[index].client}`;
  }

  /** Starts every node, then waits until each says its JetStream is current. */
  async start() {
    await Promise.all(this.ports.map((_, i) => this.startNode(i, false)));
    await Promise.all(this.ports.map((_, i) => this.waitHealthy(i)));
  }

  /** Starts node `index` (again) on its store; `wait`: until its JetStream is current. */
  async startNode(index, wait = true) {
    if (this.children[index]) throw new Error(`node n${index + 1} already runs`);
    mkdirSync(join(this.dir, `n${index + 1}`), { recursive: true });
    const file = join(this.dir, `n${index + 1}.conf`);
    writeFileSync(file, nodeConfig(this.name, index, this.ports, this.dir));
    // What the node says goes to DIR/nN.log: why a node would not start (a port taken) is read from there.
    const log = openSync(this.logOf(index), 'a');
    const child = spawn(NATS_SERVER_BIN, ['-c', file], { stdio: ['ignore', log, log] });
    closeSync(log);
    this.children[index] = child;
    child.once('exit', () => {
      if (this.children[index] === child) this.children[index] = null;
    });
    if (wait) await this.waitHealthy(index);
  }

  /** Waits until node `index` answers /healthz with JetStream current (60 s at most). */
  async waitHealthy(index, timeoutMs = 60_000) {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      const child = this.children[index];
      if (!child || child.exitCode !== null) throw new Error(`nats-server n${index + 1} exited (is ${NATS_SERVER_BIN} installed, are its ports free?)${this.lastLogLine(index)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${this.ports[index].monitor}/healthz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`nats-server n${index + 1}: JetStream not current within ${timeoutMs / 1000} s`);
  }

  /** The file node `index` writes its log to. */
  logOf(index) {
    return join(this.dir, `n${index + 1}.log`);
  }

  /** The last line node `index` logged, as the end of an error message ('' when it logged nothing). */
  lastLogLine(index) {
    const file = this.logOf(index);
    const last = existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').at(-1) ?? '' : '';
    return last === '' ? '' : `: ${last}`;
  }

  /** Stops node `index` with `signal` (SIGKILL: a node lost) and waits for it to be gone. */
  async stopNode(index, signal = 'SIGTERM') {
    const child = this.children[index];
    if (!child) return;
    this.children[index] = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((done) => {
      child.once('exit', () => done());
      child.kill(signal);
    });
  }

  async stop() {
    await Promise.all(this.ports.map((_, i) => this.stopNode(i)));
  }
}

/** Client, route and monitoring ports of three nodes from `base`. */
export function portsFrom(base) {
  return [0, 1, 2].map((i) => ({ client: base + i, route: base + 100 + i, monitor: base + 200 + i }));
}

async function main(argv) {
  const option = (name, fallback) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write('usage: node scripts/nats-cluster.mjs [--dir DIR] [--port N] [--name NAME]\n');
    return 0;
  }
  const base = Number(option('port', '4301'));
  if (!Number.isInteger(base) || base < 1 || base > 65_000) throw new Error(`--port takes a port number, not "${option('port')}"`);
  const cluster = new NatsCluster({ dir: option('dir', 'data/nats-cluster'), ports: portsFrom(base), name: option('name', 'floor') });
  await cluster.start();
  process.stdout.write(`nats cluster "${cluster.name}" up, 3 nodes, JetStream in ${cluster.dir}\nnats: { url: "${cluster.url}", replicas: 3 }\nCtrl-C stops it\n`);
  await new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await cluster.stop();
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    process.stderr.write(`nats-cluster: ${err.message}\n`);
    process.exit(2);
  });
}
