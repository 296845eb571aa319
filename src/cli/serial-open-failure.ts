// serialport's open failures ("Error: Inappropriate ioctl for device setting custom baud rate …",
// "Error: Permission denied, cannot open …"): the path names something that is not a serial line the
// command can use — the operator's one line, not a fault of the program.
import { OperatorError } from './operator-error.js';

/** The operator's line for `err` when it is a serial line that could not be opened; undefined otherwise. */
export function serialOpenFailure(device: string, err: unknown): OperatorError | undefined {
  const message = err instanceof Error ? err.message.replace(/^(Error: )+/, '') : '';
  if (/ioctl|baud rate|cannot open|permission denied/i.test(message)) return new OperatorError(`${device}: cannot open as a serial line (${message})`);
  return undefined;
}
