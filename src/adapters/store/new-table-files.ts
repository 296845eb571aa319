// A table's first start on a disk that cannot take its log (docs/operations.md, "A full or read-only disk at
// start"): the start is refused in one line naming the folder, and what it had made of a new table — the log,
// its WAL, anchors and lock, the folders — is removed again, so the operator finds the disk as it was.
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { storageTrouble, TableStorageError } from './storage-trouble.js';

const TABLE_FILE_SUFFIXES = ['', '-wal', '-shm', '-journal', '.anchors', '.lock', '.lock.json'];

export interface NewTableFiles {
  /** A storage failure as a TableStorageError, after removing what this start made; any other error as it is. */
  refusal(err: unknown): unknown;
}

/** Notes, before a start touches the disk, whether `dbPath` and its folders are new. */
export function noteNewTableFiles(dbPath: string): NewTableFiles {
  const newLog = !existsSync(dbPath);
  const newFolder = firstMissingFolder(dirname(dbPath));
  return {
    refusal(err) {
      const trouble = storageTrouble(err) ?? storageTrouble((err as { cause?: unknown } | null)?.cause);
      if (trouble === undefined) return err;
      if (newLog) for (const suffix of TABLE_FILE_SUFFIXES) rmSync(`${dbPath}${suffix}`, { force: true });
      if (newFolder !== undefined) rmSync(newFolder, { recursive: true, force: true });
      return new TableStorageError(dirname(dbPath), trouble);
    },
  };
}

/** The outermost folder of `folder` that does not exist yet (what a start would create), or undefined. */
function firstMissingFolder(folder: string): string | undefined {
  let missing: string | undefined;
  for (let f = folder; !existsSync(f) && dirname(f) !== f; f = dirname(f)) missing = f;
  return missing;
}
