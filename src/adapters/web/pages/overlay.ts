// The studio overlay (/overlay): the public view (the same redaction: the server sends this page only
// what the public page gets) as a broadcast band on a transparent background for a video mixer's browser
// source (docs/web-api.md, "Studio overlay"): a lower-third band and corner chips (./broadcast-band.ts),
// sized from the viewport, so 1280×720, 1920×1080 and 3840×2160 show the same picture inside the
// title-safe area. `?layout=top` moves the band up, `?chips=right` the chips across, `?cards=1` adds cards.
import type { PublicView } from '../../../app/displays/public-projection.js';
import { viewSocketPath } from '../route-paths.js';
import { bandLayoutFrom, broadcastBand } from './broadcast-band.js';
import { setCountdownsFrom } from './countdown.js';
import { replace } from './dom.js';
import { translateDocument } from './i18n.js';
import { connectViews } from './socket.js';
import { useCurrencyOf } from './money.js';

translateDocument('page.overlay');
const layout = bandLayoutFrom(location.search);
const app = document.getElementById('app');
app?.classList.add(`band-${layout.band}`, `chips-${layout.chips}`);
if (layout.cards) app?.classList.add('with-cards');

connectViews<PublicView>(viewSocketPath('public'), {
  onView: (view, { offsetMs }) => {
    useCurrencyOf(view.meta);
    setCountdownsFrom(view, offsetMs);
    replace('app', ...broadcastBand(view, layout));
  },
});
