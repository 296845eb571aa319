// Every verb of the `shoe` command, in the order `shoe --help` lists them. A new verb: a spec
// (command-spec.ts) in its own file and one line here.
import type { Command } from './command-spec.js';
import { replayCommand } from './replay-command.js';
import { demoCommand } from './demo-command.js';
import { runCommand } from './run-command.js';
import { exportCommand } from './export-command.js';
import { floorCommand } from './floor-command.js';
import { displaysVerb } from './displays-verb.js';
import { parSheetVerb, simulateVerb, strategyVerb } from './analysis-verbs.js';
import { checkVerb } from './verbs/check.js';
import { stackVerb } from './verbs/stack.js';
import { backupVerb, emulateVerb, recallVerb, replayCaptureVerb, startVerb, verifyVerb } from './verb-specs.js';

export const COMMANDS: readonly Command[] = [
  startVerb,
  replayCommand,
  demoCommand,
  runCommand,
  verifyVerb,
  backupVerb,
  recallVerb,
  exportCommand,
  emulateVerb,
  replayCaptureVerb,
  floorCommand,
  displaysVerb,
  strategyVerb,
  simulateVerb,
  parSheetVerb,
  checkVerb,
  stackVerb,
];
