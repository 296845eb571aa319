// Real-time waits of the tests that watch processes and servers (the `*.timing.test.ts` files): a condition
// checked every 100 ms until it holds or the bound passes, and the JSON lines a child wrote with pino.

/** Waits for `what` to hold, checking every 100 ms; throws naming `label` after `ms`. */
export async function until(what: () => boolean | Promise<boolean>, ms: number, label: string): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await what()) return;
  throw new Error(`waited ${ms} ms for ${label}`);
}

/** The pino lines (one JSON object each) among a process's stdout. */
export function logLines(stdout: string): Array<{ level: number; msg: string }> {
  return stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string });
}
