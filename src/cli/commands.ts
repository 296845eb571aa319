// Every verb of the `shoe` command, in the order `shoe --help` lists them (by group: command-spec.ts COMMAND_GROUPS).
//
// Adding a verb (e.g. conformance, check, stack): write src/cli/verbs/<verb>.ts exporting `verb =
// defineCommand({ name, group, summary, positionals, options, details?, streaming?, run })` (command-spec.ts),
// with `run` importing its work with `await import(...)` so `shoe --help` loads nothing else; add one
// line below; add the verb and its options to docs/cli.md (test/cli/cli-reference.test.ts checks it).
// Parsing, `--help`, the usage line and usage errors (exit 2) all come from the spec: never hand-write them.
import type { Command } from './command-spec.js';
import { verb as startVerb } from './verbs/start.js';
import { verb as replayVerb } from './verbs/replay.js';
import { verb as demoVerb } from './verbs/demo.js';
import { verb as runVerb } from './verbs/run.js';
import { verb as verifyVerb } from './verbs/verify.js';
import { verb as backupVerb } from './verbs/backup.js';
import { verb as migrateVerb } from './verbs/migrate.js';
import { verb as recallVerb } from './verbs/recall.js';
import { verb as exportVerb } from './verbs/export.js';
import { verb as emulateVerb } from './verbs/emulate.js';
import { verb as replayCaptureVerb } from './verbs/replay-capture.js';
import { verb as floorVerb } from './verbs/floor.js';
import { verb as shiftReportVerb } from './verbs/shift-report.js';
import { verb as pitVerb } from './verbs/pit.js';
import { verb as displaysVerb } from './verbs/displays.js';
import { verb as strategyVerb } from './verbs/strategy.js';
import { verb as simulateVerb } from './verbs/simulate.js';
import { verb as parSheetVerb } from './verbs/par-sheet.js';
import { verb as conformanceVerb } from './verbs/conformance.js';
import { verb as checkVerb } from './verbs/check.js';
import { verb as stackVerb } from './verbs/stack.js';
import { verb as scenariosVerb } from './verbs/scenarios.js';
import { verb as reconcileVerb } from './verbs/reconcile.js';
import { verb as walletVerb } from './verbs/wallet.js';

export const COMMANDS: readonly Command[] = [
  // Run a table
  startVerb,
  runVerb,
  emulateVerb,
  // Audit a table log
  verifyVerb,
  recallVerb,
  exportVerb,
  reconcileVerb,
  backupVerb,
  migrateVerb,
  // QA: replay, check and test
  replayVerb,
  demoVerb,
  replayCaptureVerb,
  checkVerb,
  stackVerb,
  scenariosVerb,
  conformanceVerb,
  walletVerb,
  // Analysis of a rule set
  strategyVerb,
  simulateVerb,
  parSheetVerb,
  // The floor
  floorVerb,
  shiftReportVerb,
  pitVerb,
  displaysVerb,
];
