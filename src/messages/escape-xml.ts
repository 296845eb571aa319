// Text put into HTML or SVG markup: the characters that would end a text node or a quoted attribute,
// escaped. The par sheet's pictures (src/app/par-sheet/svg-charts.ts) and the web server's busy page
// (src/adapters/web/busy-page.ts) write the catalogue's words into markup with it.
export const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
