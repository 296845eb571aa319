// `shoe start` (until the live service lands): replays the bundled demo session and tells the table's story.
import { fileURLToPath } from 'node:url';
import { replayCommand } from './replay-command.js';
import type { ParsedArgs } from './args.js';

const DEMO = fileURLToPath(new URL('../../config/demo/six-deck-demo.jsonl', import.meta.url));

export function demoCommand(args: ParsedArgs, out: (line: string) => void): number {
  const options = new Map(args.options);
  if (!options.has('rules')) options.set('rules', 'six-deck');
  if (!options.has('format')) options.set('format', 'text');
  return replayCommand({ ...args, positional: [args.positional[0] ?? DEMO], options }, out);
}
