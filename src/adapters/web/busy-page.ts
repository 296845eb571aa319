// What a display is sent when it asks for its page while the table sheds display requests (docs/web-api.md,
// "Shedding"): not the refusal's JSON, which a browser would show as text and keep showing, but a short page
// in the display's language that says so in words and loads the display again by itself after the
// retry-after (an HTTP refresh: no script, so the pages' content security policy holds). The words are the
// pages' own (pages/messages-*.js).
import { formatIn } from './pages/i18n.js';
import type { PageLanguage } from './page-routes.js';
import { escapeXml } from '../../app/par-sheet/svg-charts.js';

/** The busy page in `language`, which asks for the display again after `retryAfterSeconds`. */
export function busyPage(language: PageLanguage, retryAfterSeconds: number): string {
  const title = escapeXml(formatIn(language, 'page.busy'));
  const text = escapeXml(formatIn(language, 'busy.text', { seconds: retryAfterSeconds }));
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

