// Where a bench writes its files: a fresh folder under BENCH_DIR (made if it does not exist yet) or under the
// OS temp folder.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new, empty folder named `prefix` + a random tail, under BENCH_DIR or the OS temp folder. */
export function freshBenchDir(prefix: string): string {
  const parent = process.env['BENCH_DIR'] ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}
