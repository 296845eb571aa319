// `shoe replay FILE --rules NAME|PATH --format jsonl|text`: a recorded session through the real round machine.
import { readFileSync } from 'node:fs';
import { loadRuleSet } from '../config/load-rule-set.js';
import { parseSession } from '../session/parse-session.js';
import { replaySession } from '../session/replay-session.js';
import { describeEvent } from '../session/table-story.js';
import { UsageError, type ParsedArgs } from './args.js';

export function replayCommand(args: ParsedArgs, out: (line: string) => void): number {
  const file = args.positional[0];
  if (!file) throw new UsageError('replay needs a session file: shoe replay FILE --rules NAME [--format jsonl|text]');
  const format = args.options.get('format') ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'text') throw new UsageError(`unknown format "${format}": jsonl or text`);
  const { rules } = loadRuleSet(args.options.get('rules') ?? 'six-deck');
  const session = parseSession(readFileSync(file, 'utf8'));
  const { steps } = replaySession(rules, session);
  for (const step of steps) {
    for (const event of step.events) {
      if (format === 'jsonl') out(JSON.stringify(event));
      else {
        const line = describeEvent(event);
        if (line !== null) out(line);
      }
    }
  }
  return 0;
}
