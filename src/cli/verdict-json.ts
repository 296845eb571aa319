// `--format json` for the verbs that answer with one verdict line per log (backup, migrate): the line as
// one JSON object — the verdict word (OK, MISMATCH, MIGRATED, REFUSED, ALREADY…), the table and the line
// itself — so a script reads the verdict without parsing the sentence.
export type OutputFormat = 'text' | 'json';

export interface VerdictJson {
  readonly verdict: string;
  readonly tableId: string;
  readonly line: string;
}

/** "OK t1: …" → { verdict: 'OK', tableId: 't1', line }. */
export function verdictJson(line: string): VerdictJson {
  const [verdict = '', table = ''] = line.split(' ', 2);
  return { verdict, tableId: table.replace(/:$/, ''), line };
}

/** The verb's `out`, writing each verdict line as text or as its JSON object. */
export function verdictOut(format: OutputFormat, out: (line: string) => void): (line: string) => void {
  return format === 'json' ? (line) => out(JSON.stringify(verdictJson(line))) : out;
}
