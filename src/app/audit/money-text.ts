// Money for people: the log's integer minor units written as major units with two decimals (1000 →
// 10.00), as every verb prints it; JSON keeps the minor units. `signed` writes a + on a gain (a net),
// `grouped` groups thousands (a simulation's 600,000,000.00 staked).
export function majorUnits(minor: number, how: { readonly signed?: boolean; readonly grouped?: boolean } = {}): string {
  const sign = minor < 0 ? '-' : how.signed && minor > 0 ? '+' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  return `${sign}${how.grouped ? whole.toLocaleString('en') : String(whole)}.${String(abs % 100).padStart(2, '0')}`;
}
