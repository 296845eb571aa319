// The transactions a feed has derived and not yet had acknowledged, oldest first: taken from the front one
// at a time, in constant time (the array is compacted now and then, not shifted on every take).
import type { WalletTransaction } from '../money/wallet-transaction.js';

export interface Owed {
  readonly transaction: WalletTransaction;
  /** Since when it counts as undelivered for the alarm (ms since the epoch): its fact's time, or the feed's start if later. */
  readonly sinceMs: number;
}

export class OwedQueue {
  private items: Owed[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  get first(): Owed | undefined {
    return this.items[this.head];
  }

  push(owed: Owed): void {
    this.items.push(owed);
  }

  take(): Owed | undefined {
    const owed = this.items[this.head];
    if (owed === undefined) return undefined;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return owed;
  }
}
