// A disk that cannot take a table's files, in an operator's words (docs/operations.md, "A full or
// read-only disk"): the one-line refusal names the folder, what is wrong there and the fix.

/** What is wrong with the storage, from a Node errno or an SQLite result code; undefined for other errors. */
export function storageTrouble(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'SQLITE_FULL':
      return 'the disk is full';
    case 'EROFS':
    case 'SQLITE_READONLY':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_CANTOPEN':
      return 'this process may not create files there';
    case 'EIO':
    case 'SQLITE_IOERR':
      return 'the disk reports an input/output error';
    default:
      return typeof code === 'string' && code.startsWith('SQLITE_IOERR') ? 'the disk reports an input/output error' : undefined;
  }
}

/** The table cannot write its files where the table file says: nothing was created, the table did not start. */
export class TableStorageError extends Error {
  constructor(readonly folder: string, trouble: string) {
    super(`cannot write the table's files in ${folder}: ${trouble}; free space there (or make it writable), or set store.path in the table file to a folder on another disk, then start again`);
    this.name = 'TableStorageError';
  }
}
