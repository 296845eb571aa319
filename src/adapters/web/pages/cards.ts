// Card faces readable from two metres: rank and suit symbol, red or black. A face-down card has no
// rank or suit at all — not in its text, not in an attribute.
import { h } from './dom.js';
import { t } from './i18n.js';

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK_NAMES: Readonly<Record<string, string>> = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };

/** "KS" → "K♠", "TD" → "10♦"; anything else as it is. */
export function cardText(card: unknown): string {
  if (typeof card !== 'string' || !/^[2-9TJQKA][SHDC]$/.test(card)) return String(card ?? '');
  const [rank = '', suit = ''] = card;
  return `${RANK_NAMES[rank] ?? rank}${SUIT_SYMBOLS[suit] ?? suit}`;
}

/** A card's face; null is a face-down card. */
export function cardFace(card: string | null, { hole = false }: { readonly hole?: boolean } = {}): HTMLDivElement {
  if (card === null) return h('div', { class: 'card back', 'aria-label': t('table.faceDown') });
  const [rankLetter = '', suit = ''] = card;
  const rank = RANK_NAMES[rankLetter] ?? rankLetter;
  const colour = suit === 'H' || suit === 'D' ? 'red' : 'black';
  return h(
    'div',
    { class: `card ${colour}${hole ? ' hole' : ''}`, 'data-card': card, 'aria-label': t('card.name', { rank, suit: t(`suit.${suit}`) }) },
    h('span', { class: 'rank' }, rank),
    h('span', { class: 'suit' }, SUIT_SYMBOLS[suit] ?? suit),
  );
}
