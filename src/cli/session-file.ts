// A recorded session read as a stream: one line at a time through readline, so memory
// does not grow with the session's length. Errors speak of the file: a missing file or a directory is
// an OperatorError before anything is read; a malformed line names the file and the line.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseSessionLine, SessionFormatError, type SessionLine } from '../session/parse-session.js';
import { OperatorError } from './operator-error.js';

/** The size of a file the operator named, or a clear error when it is missing or not a file. */
export async function inputFileSize(path: string, what = 'file'): Promise<number> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw new OperatorError(`${path}: is a directory; give a ${what}`);
    return s.size;
  } catch (err) {
    if (err instanceof OperatorError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new OperatorError(`${path}: no such ${what}`);
    throw err;
  }
}

export interface SessionReading {
  /** Bytes of the file read so far (for progress against its size). */
  readonly bytesRead: () => number;
  readonly lines: AsyncIterable<SessionLine>;
}

/** The session's inputs in order, with their line numbers; blank lines are skipped as in parseSession. */
export function readSessionFile(path: string): SessionReading {
  const input = createReadStream(path);
  async function* lines(): AsyncGenerator<SessionLine> {
    const reader = createInterface({ input, crlfDelay: Infinity });
    let number = 0;
    try {
      for await (const text of reader) {
        number++;
        if (text.trim() === '') continue;
        try {
          yield parseSessionLine(text, number);
        } catch (err) {
          if (err instanceof SessionFormatError) throw new OperatorError(`${path}: ${err.message}`);
          throw err;
        }
      }
    } finally {
      reader.close();
      input.destroy();
    }
  }
  return { bytesRead: () => input.bytesRead, lines: lines() };
}
