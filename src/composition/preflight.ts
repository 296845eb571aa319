// Before a table opens anything (docs/operations.md, "Start-up and shutdown"): the HTTP port, the shoe's serial device and
// the capture file are checked first, so a busy port is one clear line — not a stack trace after the table was rebuilt and the
// link opened. A serial device that is absent is no error here: the shoe may be plugged in later, and the
// link watchdog raises linkDown if it is not (src/app/table/link-watchdog.ts).
import { createServer } from 'node:net';
import { SerialPort } from 'serialport';
import type { TableConfig } from '../config/table-config.js';
import { writableFileProblem } from './writable-file.js';

/** Start-up refused for a reason the operator can fix; the message is one line. */
export class StartupError extends Error {}

/** Listens on the port and lets it go again: EADDRINUSE means another program holds it. */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new StartupError(`HTTP port ${port} on ${host} is busy: another table or program listens there (choose another with --port or PORT)`));
      else if (err.code === 'EACCES') reject(new StartupError(`HTTP port ${port} on ${host}: permission denied (ports below 1024 need privileges; use a higher port)`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new StartupError(`HTTP host ${host} is not an address of this machine (set http.host or HOST)`));
      else reject(new StartupError(`HTTP port ${port} on ${host}: ${err.message}`));
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Opens the serial device with the same exclusive lock the shoe link takes, then closes it: a device
 * another process holds, or one this user may not open, is refused here. An absent device is allowed.
 */
export async function checkSerialDeviceFree(path: string, baudRate: number): Promise<void> {
  const port = new SerialPort({ path, baudRate, autoOpen: false, lock: true });
  const error = await new Promise<Error | null>((resolve) => port.open((err) => resolve(err ?? null)));
  if (!error) {
    await new Promise<void>((resolve) => port.close(() => resolve()));
    return;
  }
  const message = error.message;
  if (/Cannot lock port|Resource temporarily unavailable|EBUSY|busy/i.test(message)) {
    throw new StartupError(`serial device ${path} is busy: another process holds it (another table, a terminal program, ModemManager?)`);
  }
  if (/Permission denied|EACCES/i.test(message)) {
    throw new StartupError(`serial device ${path}: permission denied (add the service user to the dialout group: sudo usermod -aG dialout USER, then log in again)`);
  }
  // Absent (ENOENT) or not ready: the link keeps retrying and the watchdog reports it.
}

/** The capture file (`start --capture FILE`) can be written (writable-file.ts): a capture that could not be
 *  opened would otherwise stop the table once it runs. */
export function checkCaptureWritable(path: string): void {
  const problem = writableFileProblem(path, 'the capture');
  if (problem !== undefined) throw new StartupError(`--capture ${path}${problem}`);
}

/** Every preflight check of a start (the HTTP port, the shoe's device, the capture file): each problem, one line. */
export async function preflightProblems(config: TableConfig, serialPath: string | undefined, capturePath: string | undefined): Promise<string[]> {
  const checks: Array<() => Promise<void> | void> = [() => checkPortFree(config.http.host, config.http.port)];
  if (serialPath !== undefined) checks.push(() => checkSerialDeviceFree(serialPath, config.serial?.baud ?? 115200));
  if (capturePath !== undefined) checks.push(() => checkCaptureWritable(capturePath));
  const problems: string[] = [];
  for (const check of checks) {
    try {
      await check();
    } catch (err) {
      if (!(err instanceof StartupError)) throw err;
      problems.push(err.message);
    }
  }
  return problems;
}
