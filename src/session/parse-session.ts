// Reading a recorded session (JSONL, one input per line). A line that is not JSON or not an input of
// a known shape is malformed: the error names the line. Blank lines are skipped.
import { tableInputSchema, type TableInput } from '../round/inputs.js';

export interface SessionLine {
  readonly line: number;
  readonly input: TableInput;
}

export class SessionFormatError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

export function parseSessionLine(text: string, line: number): SessionLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SessionFormatError(line, `not JSON: ${(err as Error).message}`);
  }
  const parsed = tableInputSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    throw new SessionFormatError(line, `not a session input: ${problems}`);
  }
  return { line, input: parsed.data };
}

export function parseSession(text: string): SessionLine[] {
  const lines: SessionLine[] = [];
  text.split(/\r?\n/).forEach((content, i) => {
    if (content.trim() !== '') lines.push(parseSessionLine(content, i + 1));
  });
  return lines;
}
