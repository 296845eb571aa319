// The public table drawn into #app from the public socket: the public display shows only this; the
// players' page draws its controls after it. `afterRender(view, connection)` runs after every redraw.
import type { PublicView } from '../../../app/displays/public-projection.js';
import { viewSocketPath } from '../route-paths.js';
import { h, replace } from './dom.js';
import { setCountdownsFrom } from './countdown.js';
import { connectViews } from './socket.js';
import { t } from './i18n.js';
import { headerBlock, tableBlock } from './table.js';
import { useCurrencyOf } from './money.js';

export function showPublicTable(afterRender: (view: PublicView | null, connection: string) => void = () => {}): void {
  let connection = 'connecting';
  let last: PublicView | null = null;
  const render = (): void => {
    if (!last) replace('app', h('p', { class: 'muted connection-state' }, t(`conn.${connection.startsWith('reconnecting') ? 'reconnecting' : 'connecting'}`)));
    else replace('app', headerBlock(last.meta, last.table, connection), tableBlock(last.table));
    afterRender(last, connection);
  };
  connectViews<PublicView>(viewSocketPath('public'), {
    onView: (view, { offsetMs }) => {
      useCurrencyOf(view.meta);
      last = view;
      setCountdownsFrom(view, offsetMs);
      render();
    },
    onStatus: (status) => {
      connection = status;
      render();
    },
  });
}
