// A mistake about the operator's world, already worded for them (a missing file, an unreachable server):
// the CLI prints its message as one line and exits 2 (cli-errors.ts).
export class OperatorError extends Error {}
