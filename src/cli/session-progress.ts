// Progress through a session file: lines done against the file's line count estimated from its size and
// the mean length of the lines read so far (counting the lines first would read the file twice).
import type { CommandIO } from './command-spec.js';
import { Progress } from './progress.js';
import type { SessionReading } from './session-file.js';

export class SessionProgress {
  private readonly progress: Progress;

  constructor(label: string, private readonly size: number, private readonly reading: SessionReading, io: CommandIO, quiet: boolean) {
    this.progress = new Progress({ stream: io.stderr, now: io.now, label, unit: 'lines', quiet });
  }

  update(line: number): void {
    const bytes = this.reading.bytesRead();
    const total = bytes >= this.size || bytes === 0 ? undefined : Math.round((this.size * line) / bytes);
    this.progress.update(line, total ?? line, total !== undefined);
  }

  finish(): void {
    this.progress.finish();
  }
}
