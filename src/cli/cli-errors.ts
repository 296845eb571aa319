// What the operator did wrong, as one line and an exit status (no stack trace for an
// operator's mistake). A usage mistake is handled by run-shoe.ts with the verb's usage; everything here
// is a mistake about the world (a file, a device, a server, a bad rule file): exit 2, one line.
// The error classes' modules are imported only when an error is explained (each verb loads only what
// it needs; a verb that threw one of them has loaded its module already), also in a verify worker
// (import-own-module.ts).
import { OperatorError } from './operator-error.js';
import { importOwnModule } from '../app/par/import-own-module.js';

export { OperatorError };

async function operatorErrorKinds(): Promise<{ operator: ReadonlyArray<abstract new (...args: never[]) => Error>; finding: ReadonlyArray<abstract new (...args: never[]) => Error> }> {
  const here = import.meta.url;
  const [rules, table, session, store, faults, capture, lock, storage, money] = await Promise.all([
    importOwnModule(() => import('../config/load-rule-set.js'), new URL('../config/load-rule-set.js', here)),
    importOwnModule(() => import('../config/table-config.js'), new URL('../config/table-config.js', here)),
    importOwnModule(() => import('../session/parse-session.js'), new URL('../session/parse-session.js', here)),
    importOwnModule(() => import('../adapters/store/sqlite-table-file.js'), new URL('../adapters/store/sqlite-table-file.js', here)),
    importOwnModule(() => import('../adapters/shoe-emulator/faults.js'), new URL('../adapters/shoe-emulator/faults.js', here)),
    importOwnModule(() => import('../app/audit/replay-capture.js'), new URL('../app/audit/replay-capture.js', here)),
    importOwnModule(() => import('../adapters/store/table-lock.js'), new URL('../adapters/store/table-lock.js', here)),
    importOwnModule(() => import('../adapters/store/storage-trouble.js'), new URL('../adapters/store/storage-trouble.js', here)),
    importOwnModule(() => import('../app/money/wallet-transaction.js'), new URL('../app/money/wallet-transaction.js', here)),
  ]);
  return {
    operator: [OperatorError, rules.RuleSetError, table.TableConfigError, session.SessionFormatError, store.NotATableLogError, faults.FaultSpecError, lock.TableLockedError, storage.TableStorageError],
    finding: [capture.CaptureMismatchError, money.MoneyMismatchError],
  };
}

const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EBUSY: 'busy (another program holds it)',
  EADDRINUSE: 'address already in use',
};

export interface ExplainedError {
  readonly message: string;
  readonly exitCode: number;
}

/** One line for an error an operator can fix; null for a fault of the program (shown with its stack). */
export async function explainOperatorError(err: unknown): Promise<ExplainedError | null> {
  if (!(err instanceof Error)) return null;
  // A log the CLI must refuse: 1 when its integrity is broken, 2 when it cannot be read.
  const refused = (await importOwnModule(() => import('./log-refusals.js'), new URL('./log-refusals.js', import.meta.url))).logRefusalExitCode(err);
  if (refused !== undefined) return { message: err.message.split('\n').join('; '), exitCode: refused };
  const kinds = await operatorErrorKinds();
  if (kinds.finding.some((kind) => err instanceof kind)) return { message: err.message, exitCode: 1 };
  if (kinds.operator.some((kind) => err instanceof kind)) return { message: err.message.split('\n').join('; '), exitCode: 2 };
  const { code, path, address, port } = err as NodeJS.ErrnoException & { address?: string; port?: number };
  const words = code !== undefined ? ERRNO_WORDS[code] : undefined;
  if (words !== undefined) {
    const what = path ?? (address !== undefined ? `${address}${port !== undefined ? `:${port}` : ''}` : undefined);
    return { message: what !== undefined ? `${what}: ${words}` : `${words} (${err.message})`, exitCode: 2 };
  }
  // serialport's open failures: "Error: No such file or directory, cannot open /dev/ttyUSB0".
  if (/cannot open \//.test(err.message)) return { message: err.message.replace(/^(Error: )+/, ''), exitCode: 2 };
  return null;
}
