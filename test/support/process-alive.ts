// Whether a process still exists (signal 0 tests for it without touching it): the service-life tests ask
// it of the server process after a stop, so none is left behind.
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
