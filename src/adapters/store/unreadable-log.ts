/**
 * A log file that cannot be read as a table log (docs/audit.md, "Clear failures"): unreadable, truncated, not a database,
 * damaged pages. Every such failure is ONE line naming the file and what is wrong — never a stack
 * trace, and never the exit code of a genuine integrity mismatch (`verify` exits 2 for these, 1 for a
 * broken chain).
 */
export class UnreadableLogError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${problem}`, options);
    this.name = 'UnreadableLogError';
  }
}

/** What a SQLite failure says about the file, or undefined when it is not about the file's state. */
export function sqliteFileProblem(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const message = (err as Error | null)?.message ?? String(err);
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  if (code.startsWith('SQLITE_CORRUPT')) return `the database is corrupt (${message}): damaged or overwritten pages; restore from a backup (see src/adapters/store/README.md)`;
  if (code === 'SQLITE_NOTADB') return `not a SQLite database (${message}): the file is overwritten, truncated to nothing, or not a log`;
  if (code.startsWith('SQLITE_CANTOPEN')) return `cannot open the database (${message})`;
  if (code.startsWith('SQLITE_IOERR')) return `read/write error on the database (${message}): the file or the disk is damaged`;
  if (code === 'SQLITE_FULL') return `the disk is full (${message})`;
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return `not writable (${message})`;
  if (code === 'SQLITE_ERROR' && /no such table|no such column/.test(message)) return `not a table log (${message})`;
  return undefined;
}

/** The error to throw for a failure on `file`: an UnreadableLogError when the failure is the file's state. */
export function asUnreadable(file: string, err: unknown): unknown {
  if (err instanceof UnreadableLogError) return err;
  const problem = sqliteFileProblem(err);
  return problem === undefined ? err : new UnreadableLogError(file, problem, { cause: err });
}
