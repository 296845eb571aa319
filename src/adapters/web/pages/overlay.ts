// The studio overlay (/overlay): the public view (the same redaction: the server sends this page only
// what the public page gets) drawn on a transparent background for a video mixer's browser source
// (docs/web-api.md, "Studio overlay"). Sized from the viewport (vw, vh), so 1920×1080 and 3840×2160 show
// the same picture; everything stays inside the title-safe area; results animate in (style.css).
import { translateDocument } from './i18n.js';
import { showPublicTable } from './public-table.js';

translateDocument('page.overlay');
showPublicTable();
