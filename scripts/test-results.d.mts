// Types of scripts/test-results.mjs for the TypeScript that imports it (test/support/test-results.test.ts).
// The durations report is the reporter's own type (scripts/test-durations-reporter.ts), not a copy.
import type { DurationsReport } from './test-durations-reporter.js';

/** The parts of vitest's JSON report (its `json` reporter) that the closing line counts. */
export interface JsonReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: Array<{ name: string; status: string; assertionResults?: Array<{ title: string; fullName?: string; status: string }> }>;
}
export interface Counts { passed: number; failed: number; skipped: number; skippedInCi: string[] }
export declare function countResults(reports: ReadonlyArray<JsonReport | undefined>, ci: boolean): Counts;

export declare function mergeDurations(reports: ReadonlyArray<DurationsReport | undefined>, wallSeconds: number): DurationsReport | undefined;
