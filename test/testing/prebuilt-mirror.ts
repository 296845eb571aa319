// A studio's internal mirror of better-sqlite3's prebuilt binaries, as the packed-library test gives one to
// the install (docs/operations.md, "Install the package"; docs/testing.md). better-sqlite3's install script is
// `prebuild-install || node-gyp rebuild`: prebuild-install downloads
// `<host>/v<version>/better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` when
// `npm_config_better_sqlite3_binary_host` names a host, unpacks it into build/Release/ and loads it, and only
// when that fails does node-gyp compile SQLite from source (minutes of one core). Here the binary is the one
// this checkout's install built (node_modules/better-sqlite3/build/Release/better_sqlite3.node), packed as
// the project's releases pack it and served over loopback HTTP; any other file is a 404, so a version or ABI
// this checkout does not hold is compiled, as without a mirror.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The path prebuild-install asks a mirror for, for a version of better-sqlite3 and this Node (glibc Linux: no libc in the name). */
export function prebuiltPath(version: string): string {
  return `/v${version}/better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
}

export interface PrebuiltMirror {
  /** What `npm_config_better_sqlite3_binary_host` is set to: `http://127.0.0.1:<port>`. */
  readonly host: string;
  /** The one path served: prebuiltPath(the version this checkout holds). */
  readonly path: string;
  /** Every path asked for, with the status answered. */
  readonly asked: ReadonlyArray<{ readonly path: string; readonly status: number }>;
  /** Stops serving and removes the copy prebuild-install keeps in npm's cache (its name holds the port: never used again). */
  close(npmCache: string): Promise<void>;
}

/** The tarball prebuild-install expects: build/Release/better_sqlite3.node, gzipped tar. */
async function packBinary(packageDir: string, into: string): Promise<Buffer> {
  const tarball = join(into, 'better-sqlite3-prebuilt.tar.gz');
  await exec('tar', ['-czf', tarball, '-C', packageDir, 'build/Release/better_sqlite3.node']);
  return readFileSync(tarball);
}

/** Serves the checkout's better-sqlite3 binary (`packageDir`: node_modules/better-sqlite3) until closed; `scratch` holds the tarball. */
export async function startPrebuiltMirror(packageDir: string, scratch: string): Promise<PrebuiltMirror> {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const path = prebuiltPath(version);
  const body = await packBinary(packageDir, scratch);
  const asked: Array<{ path: string; status: number }> = [];
  const server: Server = createServer((req, res) => {
    const status = req.method === 'GET' && req.url === path ? 200 : 404;
    asked.push({ path: req.url ?? '', status });
    res.writeHead(status, { 'content-type': status === 200 ? 'application/gzip' : 'text/plain' });
    res.end(status === 200 ? body : 'not on this mirror\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    host,
    path,
    asked,
    async close(npmCache) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // prebuild-install's cache name (its util.cachedPrebuild): a digest of the URL, then the file name.
      const digest = createHash('sha512').update(`${host}${path}`).digest('hex').slice(0, 6);
      rmSync(join(npmCache, '_prebuilds', `${digest}-${basename(path).replace(/[^a-zA-Z0-9.]+/g, '-')}`), { force: true });
    },
  };
}
