// A card as people read it: "KS" → "K♠", "TD" → "10♦" (the pages' notation); anything else as it is.
const SUIT_SYMBOLS: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function cardText(card: string): string {
  if (!/^[2-9TJQKA][SHDC]$/.test(card)) return card;
  return `${card[0] === 'T' ? '10' : card[0]}${SUIT_SYMBOLS[card[1] as string]}`;
}
