// Formats conformance verdicts: one line per clause, JSON, or JUnit XML for a hardware maker's CI.
// Pure.
import type { ClauseResult } from './verdict.js';

/** Exit status: 0 only when every mandatory clause passed (or does not apply), 1 when one failed. */
export function exitCodeOf(results: readonly ClauseResult[]): number {
  return results.some((r) => r.mandatory && r.status === 'failed') ? 1 : 0;
}

export function formatText(results: readonly ClauseResult[]): string {
  const lines = results.map((r) => `${r.clause.padEnd(8)}${r.status.padEnd(16)}${r.title} — ${r.evidence}`);
  const failed = results.filter((r) => r.status === 'failed').length;
  lines.push(`${results.length} clauses: ${results.filter((r) => r.status === 'passed').length} passed, ${failed} failed, ${results.filter((r) => r.status === 'not-applicable').length} not applicable`);
  return lines.join('\n') + '\n';
}

export function formatJson(results: readonly ClauseResult[]): string {
  return JSON.stringify({ passed: exitCodeOf(results) === 0, clauses: results }, null, 2) + '\n';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function formatJunit(results: readonly ClauseResult[]): string {
  const failures = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'not-applicable').length;
  const cases = results.map((r) => {
    const name = esc(`${r.clause} ${r.title}`);
    const body = r.status === 'failed' ? `<failure message="${esc(r.evidence)}"/>` : r.status === 'not-applicable' ? `<skipped message="${esc(r.evidence)}"/>` : `<system-out>${esc(r.evidence)}</system-out>`;
    return `    <testcase classname="PROTOCOL.md" name="${name}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites><testsuite name="shoe-conformance" tests="${results.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '</testsuite></testsuites>',
    '',
  ].join('\n');
}
