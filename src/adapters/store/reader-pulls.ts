// How the floor's readers (the replica's reads, `shoe floor`, the gateways, the pit console, the shift
// report) pull from their ordered consumers. An ordered consumer is an ephemeral consumer that nats.js
// makes again after a gap or a lost server, waiting between attempts up to the pull's `expires`
// (nats.js 2.29: a backoff of [expires], 30 s by default). On a cluster with one node down, nats-server
// before 2.9.12 (Debian's 2.9.10 among them) may place a new ephemeral consumer on the node that is down,
// and the attempt times out (nats-server pull request 3820, "Select consumer peer(s) from active peers
// only"); with the default, each unlucky attempt cost a reader up to half a minute. Pulls that expire
// after 2 s bound that wait to 2 s at the price of one pull request every 2 s per idle reader.
export const READER_PULL_EXPIRES_MS = 2000;
