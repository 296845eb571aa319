// The public table: what players and the stream see. The server sends no hole card, burn card or fault
// card to this page, so none can reach its DOM.
import { h, replace } from './dom.js';
import { setCountdown } from './countdown.js';
import { connectViews } from './socket.js';
import { headerBlock, tableBlock } from './table.js';

let connection = 'connecting';
let last = null;

function render() {
  if (!last) {
    replace('app', h('p', { class: 'muted connection-state' }, connection));
    return;
  }
  replace('app', headerBlock(last.view.meta, last.view.table, connection), tableBlock(last.view.table));
}

connectViews('/ws/public', {
  onView: (view, { offsetMs }) => {
    last = { view };
    setCountdown(view.table.countdown, offsetMs);
    render();
  },
  onStatus: (status) => {
    connection = status;
    render();
  },
});
