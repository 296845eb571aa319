// `shoe emulate --serial PATH [--cards FILE | --seed N --decks 6] [--faults SPEC] [--baud N] [--auto-draw MS]`
// and `shoe replay-capture FILE --rules NAME [--format jsonl|text]`.
import { readTextFile } from './read-text-file.js';
import { runEmulator } from '../adapters/shoe-emulator/run-emulator.js';
import { FaultSpecError } from '../adapters/shoe-emulator/faults.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { parseCard, type Card } from '../rules/cards.js';
import { replayCapture, type CaptureLine } from '../app/audit/replay-capture.js';
import { capturedShoeInputs } from '../adapters/serial/shoe-input.js';
import { describeEvent } from '../session/table-story.js';
import { UsageError } from './usage-error.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';
import { reasonSentence } from '../round/reason-sentence.js';

type Out = (line: string) => void;

function readCards(file: string): Card[] {
  const text = readTextFile(file).trim();
  const items: unknown[] = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split(/[\s,]+/);
  return items.map((item, i) => {
    const parsed = parseCard(item);
    if (!parsed.ok) throw new UsageError(`${file}: card ${i + 1}: ${reasonSentence(parsed.why)}`);
    return parsed.card;
  });
}

function numberOption(args: CommandArgs<OptionSpecs>, name: string, fallback?: number): number | undefined {
  const text = args.options.get(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} takes a whole number, not "${text}"`);
  return n;
}

export async function emulateCommand(args: CommandArgs<OptionSpecs>, out: Out): Promise<number> {
  const serialPath = args.options.get('serial') as string;
  const cardsFile = args.options.get('cards');
  const shoe = cardsFile
    ? { cards: readCards(cardsFile) }
    : { seed: numberOption(args, 'seed', 1) ?? 1, decks: numberOption(args, 'decks', 6) ?? 6 };
  const faults = args.options.get('faults');
  try {
    const autoDrawMs = numberOption(args, 'auto-draw');
    const running = await runEmulator({
      serialPath, baud: numberOption(args, 'baud', 115200) ?? 115200, ...shoe,
      ...(faults !== undefined ? { faults } : {}),
      ...(autoDrawMs !== undefined ? { autoDrawMs } : {}),
      onEvent: (e) => out(JSON.stringify(e)),
    });
    out(JSON.stringify({ type: 'emulator.ready', serialPath, cards: running.cards.length, cutCardAfter: running.cutCardAfter }));
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await running.close();
    return 0;
  } catch (err) {
    if (err instanceof FaultSpecError) throw new UsageError(err.message);
    throw err;
  }
}

export function replayCaptureCommand(args: CommandArgs<OptionSpecs>, out: Out): number {
  const file = args.positional[0] as string;
  const format = args.options.get('format');
  const { rules } = loadRuleSet(args.options.get('rules') as string);
  const lines = readTextFile(file).split('\n').filter((l) => l.trim() !== '').map((l, i) => {
    try {
      return JSON.parse(l) as CaptureLine;
    } catch {
      throw new UsageError(`${file}: line ${i + 1} is not JSON`);
    }
  });
  for (const event of replayCapture(rules, lines, capturedShoeInputs)) {
    if (format === 'jsonl') out(JSON.stringify(event));
    else {
      const text = describeEvent(event);
      if (text !== null) out(text);
    }
  }
  return 0;
}
