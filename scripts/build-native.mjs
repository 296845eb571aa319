#!/usr/bin/env node
// `npm run build:native` (and, with --optional, after `npm install`): compiles verify's library of SQLite
// functions (native/chain-check/: the chain check, docs/adr/0011-chain-check-inside-sqlite.md; the re-run's
// text pages, 0012; the read-ahead VFS, 0013) into native/build/, where src/adapters/store/sqlite-native-chain.ts
// and sqlite-read-ahead.ts load it. Headers: SQLite's extension
// header from the better-sqlite3 this package runs (the same SQLite the library is loaded into: the one Node
// resolves from here, in this checkout's node_modules or, installed, wherever npm put it) and
// OpenSSL's from Node's own include folder when it has one (the library calls the OpenSSL of the Node that
// loads it), else the system's. Without a C compiler the product still verifies, in JavaScript.
//   node scripts/build-native.mjs [--optional] [--out FILE] [--strict] [--define NAME=VALUE ...]
//   --optional: a failed build is one line and exit 0 (install must not fail for it)
//   --strict:   warnings are errors (the tests build it so)
//   --define:   a C macro (the tests build a library that names another version of its functions)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const suffix = process.platform === 'darwin' ? '.dylib' : '.so';
const { values } = parseArgs({ options: { optional: { type: 'boolean' }, strict: { type: 'boolean' }, define: { type: 'string', multiple: true, default: [] }, out: { type: 'string', default: join(root, `native/build/chain-check${suffix}`) } }, strict: true });
const out = resolve(values.out);
const sourceDir = join(root, 'native/chain-check');
const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.c')).sort().map((name) => join(sourceDir, name));

function fail(reason) {
  if (values.optional) {
    // Installed as a dependency, the build is run again by npm rebuild; in a checkout, by npm run build:native.
    const later = /[\\/]node_modules[\\/]/.test(root) ? 'npm rebuild blackjack-table-controller' : 'npm run build:native';
    console.log(`build-native: ${reason}; verify checks the chain in JavaScript (the same verdicts, about half the speed). ${later} builds it later.`);
    process.exit(0);
  }
  console.error(`build-native: ${reason}`);
  process.exit(1);
}

if (process.platform === 'win32') fail('not built on Windows (no C toolchain is assumed there)');
let betterSqlite;
try {
  betterSqlite = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
} catch {
  fail('better-sqlite3 is not installed beside this package');
}
const sqliteHeaders = join(betterSqlite, 'deps/sqlite3');
if (!existsSync(join(sqliteHeaders, 'sqlite3ext.h'))) fail(`no sqlite3ext.h in ${relative(root, sqliteHeaders)}`);
const nodeHeaders = join(dirname(process.execPath), '../include/node');
const includes = ['-I', sqliteHeaders, ...(existsSync(join(nodeHeaders, 'openssl/evp.h')) ? ['-I', nodeHeaders] : [])];
const compiler = process.env.CC || 'cc';
// OpenSSL's symbols stay unresolved: they are the loading Node's (as for any Node add-on).
const link = process.platform === 'darwin' ? ['-dynamiclib', '-undefined', 'dynamic_lookup'] : ['-shared'];
const warnings = ['-Wall', '-Wextra', ...(values.strict ? ['-Werror'] : [])];

mkdirSync(dirname(out), { recursive: true });
const partial = `${out}.${process.pid}.tmp`;
const cc = spawnSync(compiler, ['-std=c11', '-O2', '-fPIC', ...warnings, ...values.define.map((d) => `-D${d}`), ...includes, ...link, '-o', partial, ...sources], { encoding: 'utf8' });
if (cc.error || cc.status !== 0) {
  rmSync(partial, { force: true });
  const said = (cc.stderr || String(cc.error?.message ?? '')).trim().split('\n').slice(0, 5).join(' | ');
  fail(`${compiler} could not build ${relative(root, sourceDir)}: ${said}`);
}
if (cc.stderr.trim() !== '') process.stderr.write(cc.stderr);
renameSync(partial, out); // the library appears whole or not at all
console.log(`build-native: ${relative(root, out)} ready (verify checks the chain inside SQLite)`);
