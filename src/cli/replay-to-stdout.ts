// `shoe replay` and `shoe demo` at work: a recorded session through the real round machine, as a stream:
// each line is read, stepped and its facts written before the next line is read, so
// memory stays flat however long the session. A malformed line stops the replay with
// exit 2 naming the line; output goes out in 64 KiB chunks, so only chunks completed before it were written.
import { loadRuleSet } from '../config/load-rule-set.js';
import { TableEngine } from '../round/table-engine.js';
import type { TableEvent } from '../round/events.js';
import { describeEvent } from '../session/table-story.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';
import { inputFileSize, readSessionFile } from './session-file.js';
import { SessionProgress } from './session-progress.js';

export type ReplayFormat = 'jsonl' | 'text';

/** Replays FILE to stdout; shared by `replay` and `demo`. */
export async function replayToStdout(file: string, rulesName: string, format: ReplayFormat, io: CommandIO, quiet: boolean): Promise<number> {
  const { rules } = loadRuleSet(rulesName);
  const size = await inputFileSize(file, 'session file');
  const reading = readSessionFile(file);
  const progress = new SessionProgress('replay', size, reading, io, quiet);
  const writer = new LineWriter(io.stdout);
  const render = format === 'jsonl' ? (e: TableEvent) => JSON.stringify(e) : describeEvent;
  const engine = new TableEngine(rules);
  for await (const { line, input } of reading.lines) {
    for (const event of engine.submit(input, line)) {
      const text = render(event);
      if (text === null) continue;
      const wait = writer.line(text);
      if (wait) await wait;
    }
    progress.update(line);
  }
  await writer.flush();
  progress.finish();
  return 0;
}
