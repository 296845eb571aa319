// A player's name, as every way in accepts it — the command API (src/adapters/web/command-bodies.ts) and
// recorded sessions (`replay`, src/session/parse-session.ts through ./inputs.ts) share this one schema.
// Names reach the public display, so: well-formed Unicode (no lone surrogate), normalised to
// NFC, printable — no control or format characters, which covers the bidi controls (U+202A–202E,
// U+2066–2069, U+200E/F, U+061C) and the zero-width ones (U+200B–200D, U+2060, U+FEFF) — no private-use
// or unassigned code points, no line or paragraph separators, no leading or trailing space, and at
// most 64 characters (code points, after NFC).
import { z } from 'zod';

export const PLAYER_NAME_MAX = 64;

const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/** Why a name is refused, or null when it is acceptable as it stands after NFC. */
export function playerNameProblem(name: string): string | null {
  if (/\p{Cs}/u.test(name)) return 'not valid Unicode (a lone surrogate)';
  const nfc = name.normalize('NFC');
  if (nfc.length === 0) return 'empty';
  const unprintable = NOT_PRINTABLE.exec(nfc);
  if (unprintable) return `holds a character that is not printable (U+${(unprintable[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`;
  if (nfc.trim() !== nfc) return 'starts or ends with a space';
  if ([...nfc].length > PLAYER_NAME_MAX) return `longer than ${PLAYER_NAME_MAX} characters`;
  return null;
}

export const playerNameSchema = z
  .string()
  .superRefine((name, ctx) => {
    const problem = playerNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: `player name ${problem}` });
  })
  .transform((name) => name.normalize('NFC'));
