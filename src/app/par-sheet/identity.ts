// What ties a par sheet to what runs on the floor (a lab's first question): the product's version and git
// commit (and whether tracked files differed from it), the rule file's path and SHA-256, where the
// strategy came from (computed, or a file and its SHA-256), the machine, the date and the run time.
// Gathered here, where reading files, git and the host is allowed; the date and the run time are inputs
// (the CLI reads the clock). The sheet's arithmetic and rendering only receive this record.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { arch, cpus, hostname, platform, release, totalmem } from 'node:os';
import { PACKAGE_ROOT, packageVersion } from '../../config/package-root.js';

export interface SheetIdentity {
  readonly product: { readonly name: string; readonly version: string; readonly commit: string | null; readonly modified: boolean | null };
  readonly rules: { readonly name: string; readonly path: string; readonly sha256: string };
  readonly strategy: { readonly source: 'computed' } | { readonly source: 'file'; readonly path: string; readonly sha256: string };
  readonly generated: string;
  readonly machine: { readonly host: string; readonly os: string; readonly cpu: string; readonly cores: number; readonly memoryGiB: number; readonly node: string };
  readonly runSeconds: number;
  readonly command: string;
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

/** The product: package.json's name and version, the commit checked out and whether tracked files differ from it
 *  (null where the program does not run from a git checkout, e.g. an installed build). */
export function productIdentity(): SheetIdentity['product'] {
  const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}/package.json`, 'utf8')) as { name: string };
  const commit = git(['rev-parse', 'HEAD']);
  const status = commit === null ? null : git(['status', '--porcelain', '--untracked-files=no']);
  return { name: pkg.name, version: packageVersion(), commit, modified: status === null ? null : status.length > 0 };
}

export function machineIdentity(): SheetIdentity['machine'] {
  const cpu = cpus();
  return {
    host: hostname(), os: `${platform()} ${release()} ${arch()}`, cpu: cpu[0]?.model.trim() ?? 'unknown', cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10, node: process.version,
  };
}

export function gatherIdentity(o: {
  rules: { name: string; path: string; sha256: string };
  strategyFile?: string;
  generated: Date;
  runSeconds: number;
  command: string;
}): SheetIdentity {
  return {
    product: productIdentity(),
    rules: o.rules,
    strategy: o.strategyFile === undefined ? { source: 'computed' } : { source: 'file', path: o.strategyFile, sha256: sha256File(o.strategyFile) },
    generated: o.generated.toISOString(),
    machine: machineIdentity(),
    runSeconds: Math.round(o.runSeconds * 10) / 10,
    command: o.command,
  };
}
