// What a display is sent when it asks for its page and cannot have it just now (docs/web-api.md,
// "Shedding" and "Before any work"): the table sheds display requests (503), or this address has asked
// too often (429). Not the refusal's JSON, which a browser would show as text and keep showing, but a
// short page in the display's language that says so in words and loads the display again by itself after
// the retry-after (an HTTP refresh: no script, so the pages' content security policy holds). The words
// are the catalogue's (src/messages, docs/adr/0014-message-catalogue.md), as on the pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage } from '../../messages/format-message.js';
import { isPageRoute, pageLanguage, PAGE_HEADERS, type PageLanguage } from './page-routes.js';
import { escapeXml } from '../../messages/escape-xml.js';

/** Why the display waits: the table is busy (shedding), or too many requests came from its address. */
export type WaitReason = 'busy' | 'rate';

const WORDS: Readonly<Record<WaitReason, { title: string; text: string }>> = {
  busy: { title: 'page.busy', text: 'busy.text' },
  rate: { title: 'page.wait', text: 'rate.text' },
};

/** The waiting page in `language`, which asks for the display again after `retryAfterSeconds`. */
function busyPage(language: PageLanguage, retryAfterSeconds: number, why: WaitReason = 'busy'): string {
  const title = escapeXml(formatMessage(language, WORDS[why].title));
  const text = escapeXml(formatMessage(language, WORDS[why].text, { seconds: retryAfterSeconds }));
  return `<!doctype html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta http-equiv="refresh" content="${retryAfterSeconds}">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/assets/style.css">
</head>
<body class="page-busy">
  <main id="app"><p class="muted busy">${text}</p></main>
</body>
</html>
`;
}

/** The pages' headers set on `reply`, and the waiting page to send (a handler that returns its payload sends it so). */
export function waitPageFor(reply: FastifyReply, language: PageLanguage, retryAfterSeconds: number, why: WaitReason): string {
  void reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
  return busyPage(language, retryAfterSeconds, why);
}

/**
 * A page asked for over the rate limit (an error of `status` on `request`): the waiting page sent with 429
 * and the limit's own retry-after; undefined for any other error. `language`: the table file's.
 */
export function sendRateLimitedPage(status: number, request: FastifyRequest, reply: FastifyReply, language?: PageLanguage): FastifyReply | undefined {
  if (status !== 429 || !isPageRoute(request.routeOptions.url)) return undefined;
  return reply.code(429).send(waitPageFor(reply, pageLanguage(request, language), retryAfterOf(reply), 'rate'));
}

/** The seconds the rate limit asked to wait (its retry-after header), at least one. */
function retryAfterOf(reply: FastifyReply): number {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : 1;
}
