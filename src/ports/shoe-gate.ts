// Port: what the application tells the shoe (firmware-protocol §7.5): lock or unlock the draw gate, and
// where the next card goes (the indicator). The serial link implements it.
export type IndicatorTarget = 'off' | 'burn' | 'seat' | 'dealer';

export interface ShoeGate {
  lockGate(): Promise<void>;
  unlockGate(allowance?: number): Promise<void>;
  setIndicator(target: IndicatorTarget, seat?: number, hand?: number): Promise<void>;
}
