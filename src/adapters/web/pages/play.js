// Manual play (`npm start -- --manual`): a person plays the seats from this page. It shows the public
// table and sends bets and decisions through the same API as the online game server (its token in
// ?token=), so every action is an input on the log attributed to that credential.
import { h, replace, tokenFromAddress } from './dom.js';
import { postCommand } from './api.js';
import { showPublicTable } from './public-table.js';

const token = tokenFromAddress();
let seatCount = 7;
let seat = 1;
let player = 'guest';
let amount = 1000;
let message = '';

async function send(path, body) {
  const { status, answer } = await postCommand(path, body, token);
  message = status === 200 ? `${path.split('/').pop()}: done` : `refused (${status}): ${answer.reason ?? 'unknown reason'}`;
  renderControls();
}

function field(label, value, onChange, type = 'text') {
  return h('label', { class: 'field' }, label, h('input', { type, value: String(value), oninput: (e) => onChange(e.target.value) }));
}

function renderControls() {
  const seats = Array.from({ length: seatCount }, (_, i) => i + 1);
  replace('controls',
    h('h2', {}, 'Play'),
    h('label', { class: 'field' }, 'Seat', h('select', { onchange: (e) => { seat = Number(e.target.value); } },
      seats.map((s) => h('option', { value: String(s), selected: s === seat }, `Seat ${s}`)))),
    field('Player', player, (v) => { player = v; }),
    field('Stake (minor units)', amount, (v) => { amount = Number(v); }, 'number'),
    h('div', { class: 'buttons' },
      h('button', { onclick: () => send('/api/bets', { seat, player, amount }) }, 'Bet'),
      h('button', { onclick: () => send('/api/bets/cancel', { seat, player }) }, 'Cancel bet'),
    ),
    h('div', { class: 'buttons' },
      ['hit', 'stand', 'double', 'split', 'surrender', 'switch'].map((action) =>
        h('button', { onclick: () => send('/api/decisions', { seat, action }) }, action)),
    ),
    h('div', { class: 'buttons' },
      ['insurance', 'noInsurance', 'evenMoney'].map((action) =>
        h('button', { onclick: () => send('/api/offers', { seat, action }) }, action)),
    ),
    h('p', { class: 'muted', id: 'play-message' }, message),
  );
}

showPublicTable((view) => {
  if (view) seatCount = view.meta.seats;
  renderControls();
});
