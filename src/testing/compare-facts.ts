// Two facts are the same when their canonical JSON is (key order does not matter; an undefined field is absent).
import { canonicalJson } from '../log/event-chain.js';

export function sameFact(a: unknown, b: unknown): boolean {
  return canonicalJson(JSON.parse(JSON.stringify(a))) === canonicalJson(JSON.parse(JSON.stringify(b)));
}
