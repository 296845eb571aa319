// Plumbing of the reference wallet's HTTP server (node:http): a body read up to a limit, a JSON answer.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The most a transaction or a fault request may weigh (a wallet transaction is a few hundred bytes). */
export const BODY_LIMIT = 64 * 1024;

/** The request's body, or null when it is over `limit` (the rest is not read). */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function answerJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The body as JSON, or the parser's words for why it is not. */
export function parseJson(body: Buffer): { readonly value: unknown } | { readonly error: string } {
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}
