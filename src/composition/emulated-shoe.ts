// The shoe of a table started without a serial device (README.md's first command, `npm start`): the
// emulator speaking the real protocol behind the mock serial binding, nothing to install. Its first shoe is
// shuffled from the seed; the table's link opens the same path as it would a real device.
import { SerialPortMock } from 'serialport';
import type { RuleSet } from '../rules/rule-set.js';
import { mulberry32, shuffledShoe } from '../random/prng.js';
import type { Clock } from '../ports/clock.js';
import { ShoeEmulator } from '../adapters/shoe-emulator/emulator.js';
import { connectEmulatorToMockBinding, type MockShoeWire } from '../adapters/shoe-emulator/mock-wire.js';

export interface EmulatedShoe {
  readonly emulator: ShoeEmulator;
  readonly wire: MockShoeWire;
}

/**
 * Creates the mock device at `path`, connects an emulated shoe loaded with the rule set's cards shuffled
 * from `seed` (the cut card three quarters in) and running on the table's `clock`, lets `onEmulatedShoe` tap
 * it, then powers it on.
 */
export function plugInEmulatedShoe(rules: RuleSet, path: string, seed: number, clock: Clock, onEmulatedShoe?: (shoe: EmulatedShoe) => void): EmulatedShoe {
  const rng = mulberry32(seed);
  SerialPortMock.binding.createPort(path);
  const cards = shuffledShoe(rules.deck.decks, rng).filter((c) => rules.deck.ranks.includes(c[0] as never));
  const emulator = new ShoeEmulator({ clock, rng, cards, cutCardAfter: Math.floor(cards.length * 0.75), decks: rules.deck.decks, serialNumber: 'EMU-0001' });
  const wire = connectEmulatorToMockBinding(emulator, path);
  onEmulatedShoe?.({ emulator, wire });
  emulator.powerOn();
  return { emulator, wire };
}
