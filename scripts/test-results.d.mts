// Types of scripts/test-results.mjs for the TypeScript that imports it (test/support/test-results.test.ts).

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

/** What scripts/test-durations-reporter.ts writes (its DurationsReport). */
export interface FileDuration { file: string; group: string; seconds: number; importSeconds: number; tests: number; state: string }
export interface GroupDuration { group: string; files: number; wallSeconds: number; fileSeconds: number }
export interface DurationsReport { startedAt: string; wallSeconds: number; groups: GroupDuration[]; files: FileDuration[] }
export declare function mergeDurations(reports: ReadonlyArray<DurationsReport | undefined>, wallSeconds: number): DurationsReport | undefined;
