// Types of scripts/nats-cluster.mjs for the TypeScript that imports it (test/support/nats-cluster.ts, bench/floor.ts).

export interface NodePorts {
  readonly client: number;
  readonly route: number;
  readonly monitor: number;
}
export declare const NATS_SERVER_BIN: string;
export declare function nodeConfig(name: string, index: number, ports: readonly NodePorts[], dir: string): string;
export declare function portsFrom(base: number): NodePorts[];
export declare class NatsCluster {
  constructor(options: { dir: string; ports: readonly NodePorts[]; name?: string });
  readonly dir: string;
  readonly ports: readonly NodePorts[];
  readonly name: string;
  /** Every node, comma-separated: what a client's --nats or a table file's nats.url takes. */
  readonly url: string;
  nodeUrl(index: number): string;
  start(): Promise<void>;
  startNode(index: number, wait?: boolean): Promise<void>;
  waitHealthy(index: number, timeoutMs?: number): Promise<void>;
  /** The file node `index` writes its log to (DIR/nN.log). */
  logOf(index: number): string;
  /** The last line node `index` logged, as the end of an error message ('' when it logged nothing). */
  lastLogLine(index: number): string;
  stopNode(index: number, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}
