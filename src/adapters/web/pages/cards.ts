// Card faces readable from two metres: rank and suit symbol, red or black. A face-down card has no
// rank or suit at all — not in its text, not in an attribute.
import { h } from './dom.js';
import { t } from './i18n.js';

const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK_NAMES = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };

/** "KS" → "K♠", "TD" → "10♦"; anything else as it is. */
export function cardText(card) {
  if (typeof card !== 'string' || !/^[2-9TJQKA][SHDC]$/.test(card)) return String(card ?? '');
  return `${RANK_NAMES[card[0]] ?? card[0]}${SUIT_SYMBOLS[card[1]]}`;
}

export function cardFace(card, { hole = false } = {}) {
  if (card === null) return h('div', { class: 'card back', 'aria-label': t('table.faceDown') });
  const rank = RANK_NAMES[card[0]] ?? card[0];
  const suit = card[1];
  const colour = suit === 'H' || suit === 'D' ? 'red' : 'black';
  return h(
    'div',
    { class: `card ${colour}${hole ? ' hole' : ''}`, 'data-card': card, 'aria-label': t('card.name', { rank, suit: t(`suit.${suit}`) }) },
    h('span', { class: 'rank' }, rank),
    h('span', { class: 'suit' }, SUIT_SYMBOLS[suit] ?? suit),
  );
}
