// A fresh pseudo-terminal pair from socat for one test: `socat -d -d pty,raw,echo=0 pty,raw,echo=0`.
// socat prints "... N PTY is /dev/pts/X" for each end on stderr; stop() kills it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export const hasSocat = spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;

export interface PtyPair {
  a: string;
  b: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function startPtyPair(timeoutMs = 5000): Promise<PtyPair> {
  return new Promise((resolve, reject) => {
    const child = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const paths: string[] = [];
    let buf = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`socat did not report two ptys within ${timeoutMs} ms: ${buf}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      buf += chunk;
      for (const m of chunk.matchAll(/PTY is (\S+)/g)) paths.push(m[1] as string);
      if (paths.length === 2 && /starting data transfer loop/.test(buf)) {
        clearTimeout(timer);
        resolve({
          a: paths[0] as string,
          b: paths[1] as string,
          process: child,
          stop: () =>
            new Promise<void>((r) => {
              if (child.exitCode !== null || child.signalCode !== null) return r();
              child.once('exit', () => r());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 1000).unref();
            }),
        });
      }
    });
  });
}
