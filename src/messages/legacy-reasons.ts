// Sentences to codes, the one place that reads English back (docs/event-log.md, "Migration"): logs
// written before facts carried reason codes hold the round machine's English sentence only. The patterns
// are made from the sentences themselves (src/round/reason-sentence.ts, which writes every code's sentence
// today exactly as it was written then), so a sentence and its pattern cannot drift apart. Every other
// reason is coded where it arises (src/messages/coded-reason.ts): nothing else is read back.
import { REASON_CODES, REASON_SENTENCES } from '../round/reason-sentence.js';
import type { Phase, Reason, ReasonCode } from '../round/reasons.js';

interface LegacyPattern {
  readonly code: ReasonCode;
  readonly names: readonly string[];
  readonly fixed: Readonly<Record<string, string>>;
  readonly pattern: RegExp;
  readonly literal: number;
}

const NUMERIC = new Set(['seat', 'other', 'hand', 'turn', 'count', 'round']);
const isNumeric = (name: string): boolean => NUMERIC.has(name) || name.endsWith('Amount');
const PHASES: readonly Phase[] = ['noShoe', 'burning', 'shoeOver', 'betting', 'round'];
const MARK = '\u0000';
/** A person's own words match anything: they are what is left, not a pattern. */
const NOT_A_PATTERN: ReadonlySet<ReasonCode> = new Set(['typed']);

const groupFor = (name: string): string => (isNumeric(name) ? '(\\d+)' : name === 'card' ? '([2-9TJQKA][SHDC])' : '(.+?)');
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sentence of `code` with a marker for each value it reads: which values, in which order. */
function patternsOf(code: ReasonCode): LegacyPattern[] {
  const sentence = REASON_SENTENCES[code] as (p: unknown) => string;
  const read = new Set<string>();
  const probe = (fixed: Record<string, string>) => new Proxy(fixed, {
    get: (target, name) => {
      if (typeof name !== 'string') return undefined;
      read.add(name);
      return name in target ? target[name] : `${MARK}${name}${MARK}`;
    },
  });
  sentence(probe({}));
  const variants: Record<string, string>[] = read.has('phase') ? PHASES.map((phase) => ({ phase })) : [{}];
  return variants.map((fixed) => {
    const text = sentence(probe(fixed));
    const names: string[] = [];
    const source = text.split(new RegExp(`${MARK}(\\w+)${MARK}`)).map((part, i) => {
      if (i % 2 === 0) return escape(part);
      names.push(part);
      return groupFor(part);
    }).join('');
    const literal = text.replace(new RegExp(`${MARK}\\w+${MARK}`, 'g'), '').length;
    return { code, names, fixed, pattern: new RegExp(`^${source}$`, 's'), literal };
  });
}

// The most literal text first, so that "shoe fault: {fault} ({detail})" is tried before "shoe fault: {fault}".
const PATTERNS: readonly LegacyPattern[] = REASON_CODES.filter((code) => !NOT_A_PATTERN.has(code))
  .flatMap(patternsOf).sort((a, b) => b.literal - a.literal);

/** The code and values of a sentence an older log holds; null for a sentence no code writes (a person's words). */
export function legacyReason(sentence: string): Reason | null {
  for (const { code, names, fixed, pattern } of PATTERNS) {
    const found = pattern.exec(sentence);
    if (!found) continue;
    const params: Record<string, string | number> = { ...fixed };
    names.forEach((name, i) => { params[name] = isNumeric(name) ? Number(found[i + 1]) : String(found[i + 1]); });
    return { code, params } as Reason;
  }
  return null;
}
