// The QA entry of the library (package.json "exports" "./testing", docs/qa.md): replay a session or a
// capture, build a stacked shoe, load and check scenarios, and the typed facts they produce.
import { readFileSync } from 'node:fs';
import { loadRuleSet } from '../config/load-rule-set.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';
import { TableEngine } from '../round/table-engine.js';
import { parseSession } from '../session/parse-session.js';
import { replayCapture as replayCaptureLines } from '../app/audit/replay-capture.js';
import { capturedShoeInputs } from '../adapters/serial/shoe-input.js';
import { readCaptureLines } from './upgrade-check.js';
import { checkScenario, type ScenarioResult } from './check-scenario.js';
import { readScenarioFile, scenarioRules } from './scenario-files.js';

export type { TableEvent, TableEventType, SettledBet } from '../round/events.js';
export type { TableInput } from '../round/inputs.js';
export type { RuleSet } from '../rules/rule-set.js';
export { stackShoe, type StackedShoe } from './stack-shoe.js';
export { parseStackSpec, StackSpecError, type StackSpec, type HandStep } from './stack-spec.js';
export { SCENARIO_FORMAT, scenarioSchema, parseScenario, scenarioJsonSchema, ScenarioFormatError, type Scenario, type ExpectedSettlement, type ExpectedRefusal } from './scenario-schema.js';
export { checkScenario, judgeScenario, updatedScenario, replayScenarioInputs, type ScenarioResult } from './check-scenario.js';
export { loadScenarioFiles, readScenarioFile, scenarioRules, writeScenarioFile, UnreadableScenarioError, type ScenarioFile } from './scenario-files.js';
export { checkFile, type FileCheck, type CheckOutcome } from './run-checks.js';
export { checkTableLog, checkCapture } from './upgrade-check.js';
export { junitXml, type JUnitCase } from './junit-report.js';
export { chartScenarios, coverageOf, type ChartScenarios, type ChartCoverage } from './chart-scenarios.js';
export { CaptureMismatchError, type CaptureLine } from '../app/audit/replay-capture.js';

const rulesOf = (rules: RuleSet | string): RuleSet => (typeof rules === 'string' ? loadRuleSet(rules).rules : rules);

/** Every fact of a session (inputs, or JSONL text as `shoe replay` reads) through the round machine. */
export function replaySession(rules: RuleSet | string, session: readonly TableInput[] | string): TableEvent[] {
  const inputs = typeof session === 'string' ? parseSession(session).map((l) => l.input) : session;
  const engine = new TableEngine(rulesOf(rules));
  return inputs.flatMap((input, i) => engine.submit(input, i + 1));
}

/** A session file (JSONL) replayed. */
export function replaySessionFile(rules: RuleSet | string, path: string): TableEvent[] {
  return replaySession(rules, readFileSync(path, 'utf8'));
}

/** A capture (`shoe start --capture`) decoded again and replayed; throws CaptureMismatchError where the bytes disagree. */
export function replayCaptureFile(rules: RuleSet | string, path: string): TableEvent[] {
  return replayCaptureLines(rulesOf(rules), readCaptureLines(path), capturedShoeInputs);
}

/** A scenario file checked: its rules loaded (by name, or relative to the file), its inputs replayed. */
export function checkScenarioFile(path: string): ScenarioResult {
  const file = readScenarioFile(path);
  return checkScenario(scenarioRules(file), file.scenario);
}
