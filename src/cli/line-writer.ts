// Lines to a stream in chunks, respecting its backpressure: memory holds at most one
// chunk whatever the output's length, and a slow reader (`| less`, a pipe to another program) slows the
// writer down instead of letting Node buffer the whole output.
import { once } from 'node:events';

export class LineWriter {
  private pending = '';

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly chunkChars = 64 * 1024,
  ) {}

  /** Queues one line. Returns a promise only when the stream asks the writer to wait: `await` it then. */
  line(text: string): Promise<void> | undefined {
    this.pending += `${text}\n`;
    return this.pending.length >= this.chunkChars ? this.flush() : undefined;
  }

  /** Writes what is queued; resolves once the stream can take more. */
  flush(): Promise<void> | undefined {
    if (this.pending === '') return undefined;
    const chunk = this.pending;
    this.pending = '';
    if (this.stream.write(chunk)) return undefined;
    return once(this.stream, 'drain').then(() => undefined);
  }
}
