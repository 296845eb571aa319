// A JUnit XML report (the format CI dashboards read): one <testcase> per checked file, a <failure> carrying
// every difference for a failed one, an <error> for an unreadable one. Pure: returns the text.
export interface JUnitCase {
  readonly name: string;
  readonly classname: string;
  readonly seconds: number;
  readonly failure?: readonly string[];
  readonly error?: string;
}

const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string)
    // XML 1.0 has no place for most control characters.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function junitXml(suite: string, cases: readonly JUnitCase[]): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const errors = cases.filter((c) => c.error !== undefined).length;
  const time = cases.reduce((t, c) => t + c.seconds, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${time.toFixed(3)}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time.toFixed(3)}">`,
  ];
  for (const c of cases) {
    const open = `    <testcase name="${escapeXml(c.name)}" classname="${escapeXml(c.classname)}" time="${c.seconds.toFixed(3)}"`;
    if (c.failure !== undefined) {
      lines.push(`${open}>`, `      <failure message="${escapeXml(c.failure[0] ?? 'failed')}" type="difference">${escapeXml(c.failure.join('\n'))}</failure>`, '    </testcase>');
    } else if (c.error !== undefined) {
      lines.push(`${open}>`, `      <error message="${escapeXml(c.error)}" type="unreadable"/>`, '    </testcase>');
    } else lines.push(`${open}/>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
