// The public table drawn into #app from the public socket: the public display shows only this; the
// players' page draws its controls after it. `afterRender` runs after every redraw.
import { h, replace } from './dom.js';
import { setCountdown } from './countdown.js';
import { connectViews } from './socket.js';
import { headerBlock, tableBlock } from './table.js';

export function showPublicTable(afterRender = () => {}) {
  let connection = 'connecting';
  let last = null;
  const render = () => {
    if (!last) replace('app', h('p', { class: 'muted connection-state' }, connection));
    else replace('app', headerBlock(last.meta, last.table, connection), tableBlock(last.table));
    afterRender(last);
  };
  connectViews('/ws/public', {
    onView: (view, { offsetMs }) => {
      last = view;
      setCountdown(view.table.countdown ?? view.table.bettingCountdown, offsetMs);
      render();
    },
    onStatus: (status) => {
      connection = status;
      render();
    },
  });
}
