// The dealer's view: the next step in large letters, faults to handle, and the table as players see it.
import { h, replace, tokenFromAddress } from './dom.js';
import { cardFace } from './cards.js';
import { setCountdown } from './countdown.js';
import { connectViews } from './socket.js';
import { headerBlock, tableBlock } from './table.js';

let connection = 'connecting';
let last = null;

function faultBlock(fault) {
  return h('div', { class: 'fault' }, fault.card ? cardFace(fault.card) : null, h('span', {}, `${fault.kind}: ${fault.reason}`), fault.description ? h('p', { class: 'fault-description' }, fault.description) : null);
}

function render() {
  if (!last) {
    replace('app', h('p', { class: 'muted connection-state' }, connection));
    return;
  }
  const view = last;
  replace(
    'app',
    headerBlock(view.meta, view.table, connection),
    h('div', { class: `instruction ${view.instruction.kind}`, 'data-instruction': view.instruction.kind }, view.instruction.text),
    view.paused ? h('div', { class: 'banner paused' }, `Paused: ${view.paused.reason}`) : null,
    view.faults.length > 0 ? h('div', { class: 'faults' }, view.faults.map(faultBlock)) : null,
    tableBlock(view.table),
  );
}

const token = tokenFromAddress();
connectViews(`/ws/dealer?token=${encodeURIComponent(token)}`, {
  authCheck: { path: '/api/views/dealer', token },
  onView: (view, { offsetMs }) => {
    last = view;
    setCountdown(view.table.countdown, offsetMs);
    render();
  },
  onStatus: (status) => {
    connection = status;
    render();
  },
});
