// The table logs `shoe verify DIR|GLOB...` names: a file as given; a folder, every `*.db` in it and below;
// a pattern (`data/*.db`, `logs/**/table-?.db`, quoted so the shell leaves it alone), every file it
// matches. Sorted, each file once. Patterns: `*` and `?` within one path segment, `[abc]`, and `**` for any
// number of folders.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { UsageError } from './usage-error.js';

const GLOB_CHARS = /[*?[]/;
/** Files a folder is searched for: a table's log is `<table-id>.db` (docs/event-log.md). */
const LOG_FILE = /\.db$/;

export function isPattern(arg: string): boolean {
  return GLOB_CHARS.test(arg);
}

/** Every file under `dir` (recursively) whose name `keep` accepts, sorted. */
function walk(dir: string, keep: (path: string) => boolean, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (entry.isFile() && keep(path)) out.push(path);
  }
}

/** A glob segment as a regular expression over one path segment. */
function segmentPattern(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i += 1) {
    const c = segment[i] as string;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        const body = segment.slice(i + 1, end);
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The files a pattern matches: the folders before its first wildcard are walked, the rest is matched segment by segment. */
function expandPattern(pattern: string): string[] {
  const parts = pattern.split(/[\\/]+/);
  const fixed: string[] = [];
  while (parts.length > 0 && !GLOB_CHARS.test(parts[0] as string)) fixed.push(parts.shift() as string);
  const base = fixed.length === 0 ? '.' : fixed.join(sep) || sep;
  if (!existsSync(base) || !statSync(base).isDirectory()) return [];
  const matchers = parts.map((p) => (p === '**' ? '**' : segmentPattern(p)));
  const matches = (rest: readonly string[], m: number, r: number): boolean => {
    if (m === matchers.length) return r === rest.length;
    const matcher = matchers[m];
    if (matcher === '**') {
      for (let skip = r; skip <= rest.length; skip += 1) if (matches(rest, m + 1, skip)) return true;
      return false;
    }
    return r < rest.length && (matcher as RegExp).test(rest[r] as string) && matches(rest, m + 1, r + 1);
  };
  const found: string[] = [];
  walk(base, (path) => matches(path.slice(base === '.' ? 0 : base.length).split(/[\\/]+/).filter((s) => s !== '' && s !== '.'), 0, 0), found);
  return found;
}

/**
 * The logs the arguments name, each once, in order of the arguments (a folder's and a pattern's sorted).
 * A folder or a pattern that finds nothing is the operator's mistake (one line).
 */
export function findTableLogs(args: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = resolve(file);
    if (!seen.has(key)) {
      seen.add(key);
      files.push(file);
    }
  };
  for (const arg of args) {
    if (existsSync(arg) && statSync(arg).isDirectory()) {
      const found: string[] = [];
      walk(arg, (path) => LOG_FILE.test(path), found);
      if (found.length === 0) throw new UsageError(`${arg}: no table log in this folder (looked for *.db)`);
      found.forEach(add);
    } else if (!existsSync(arg) && isPattern(arg)) {
      const found = expandPattern(arg);
      if (found.length === 0) throw new UsageError(`${arg}: no file matches`);
      found.forEach(add);
    } else add(arg); // a file, or a name that does not exist: its check says so
  }
  return files;
}
