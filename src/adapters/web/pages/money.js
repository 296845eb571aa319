// Money arrives in integer minor units.
export function money(minor) {
  return (Math.abs(minor) / 100).toFixed(2);
}

export function signedMoney(minor) {
  if (minor === 0) return money(0);
  return `${minor > 0 ? '+' : '−'}${money(minor)}`;
}

const OUTCOME_LABELS = {
  win: 'WIN', lose: 'LOSE', push: 'PUSH', blackjack: 'BLACKJACK', surrender: 'SURRENDER', evenMoney: 'EVEN MONEY', void: 'REFUND',
};

/** "WIN +10.00", "PUSH", "REFUND 10.00". */
export function resultLabel(result) {
  const label = OUTCOME_LABELS[result.outcome] ?? result.outcome.toUpperCase();
  if (result.outcome === 'void') return `${label} ${money(result.stake)}`;
  if (result.outcome === 'push') return label;
  return `${label} ${signedMoney(result.net)}`;
}

/** "10", "10.5", "10.50" (major units, as money() writes them) → 1050 minor units; null when not an amount. */
export function parseMoney(text) {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(String(text));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
