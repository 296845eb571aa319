// The floor's NATS as a table file, NATS_URL or --nats gives it: one server, or the nodes of a cluster
// separated by commas (`nats://10.0.0.1:4222,nats://10.0.0.2:4222,nats://10.0.0.3:4222`). nats.js takes
// a list and tries the next node when one is lost (docs/operations.md, "The floor on a cluster"); given the
// whole string it would try one server named by all of it.
export function natsServers(url: string): string[] {
  return url.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
