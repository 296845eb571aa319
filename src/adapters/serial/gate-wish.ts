// The draw gate the controller wants (PROTOCOL.md §7.5.2, §7.5.3), re-sent after every handshake
// (§8.5). The allowance counts down as released cards arrive, so a re-sent unlock grants only
// what is left.

import type { ControllerCommand, ShoeEvent } from '../../../firmware-protocol/src/index.js';

type DesiredGate = { state: 'locked' } | { state: 'unlocked'; allowance: number };

export const isGateCommand = (cmd: ControllerCommand): boolean => cmd.type === 'GATE_LOCK' || cmd.type === 'GATE_UNLOCK';

export class GateWish {
  private desired: DesiredGate = { state: 'locked' };

  lock(): void {
    this.desired = { state: 'locked' };
  }

  /** `allowance` cards; 0 = until lock(). */
  unlock(allowance: number): void {
    this.desired = { state: 'unlocked', allowance };
  }

  /** The gate command that says what we want now, anchored to the last shoe event seen (§7.5.3). */
  command(seenSeq: number): ControllerCommand {
    return this.desired.state === 'locked' ? { type: 'GATE_LOCK' } : { type: 'GATE_UNLOCK', allowance: this.desired.allowance, seenSeq };
  }

  /** §7.5.3: a card left the shoe, which spent one of its allowance when it released it. */
  noteReleasedCard(m: ShoeEvent): void {
    const releasedCard = (m.type === 'CARD_DRAWN' && !m.rescan) || m.type === 'CARD_UNREADABLE';
    if (releasedCard && this.desired.state === 'unlocked' && this.desired.allowance > 0) {
      const left = this.desired.allowance - 1;
      this.desired = left === 0 ? { state: 'locked' } : { state: 'unlocked', allowance: left };
    }
  }
}
