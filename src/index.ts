// The product as a library (package.json "exports" ".", docs/qa.md): the round machine as one synchronous
// step (TableEngine), rule loading, and the table-log reader. The QA entry is "./testing" (src/testing/index.ts).
export { TableEngine, type TableEngineOptions } from './round/table-engine.js';
export type { TableEvent, TableEventType, SettledBet } from './round/events.js';
export { tableInputSchema, type TableInput, type InputType, type InputOf, DECISION_ACTIONS, BET_KINDS } from './round/inputs.js';
export { loadRuleSet, knownRuleSets, RuleSetError, type LoadedRuleSet } from './config/load-rule-set.js';
export { ruleSetSchema, type RuleSet } from './rules/rule-set.js';
export { readTableLog, exportTableLog, type LogEntry } from './library/table-log-reader.js';
