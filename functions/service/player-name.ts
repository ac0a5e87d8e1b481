import * as z from 'zod';
import { fail } from './errors.js';

/** Longest player name, in Unicode code points after normalisation. */
export const PLAYER_NAME_MAX_CHARS = 40;

/**
 * Characters a name may not hold, because they make it display as something
 * else or as nothing (impersonation, blank names) or break the lines of
 * whatever relays it:
 * - controls (Cc: C0, DEL, C1 — CR, LF, NUL, BEL, …);
 * - format characters (Cf): the bidirectional marks, embeddings, overrides
 *   and isolates (U+202E reverses what follows it), the zero-width space,
 *   joiners and word joiner (U+200B–U+200D, U+2060), the byte-order mark,
 *   the soft hyphen and the tag characters (U+E0000–U+E007F);
 * - the line and paragraph separators (Zl U+2028, Zp U+2029), which end a
 *   line in JavaScript and in chat relays;
 * - letters and symbols drawn as blanks: the Hangul fillers (U+115F, U+1160,
 *   U+3164, U+FFA0) and the Braille blank (U+2800).
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Something a reader sees: not a space, a combining mark or a character every font draws as nothing. */
const VISIBLE = /[^\p{White_Space}\p{M}\p{Default_Ignorable_Code_Point}]/u;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The name as the request carries it; `registerPlayer` normalises and checks it (400 `invalid-name`). */
export const PlayerNameInput = z
  .string()
  .describe(
    `1–${PLAYER_NAME_MAX_CHARS} characters after Unicode NFC normalisation and trimming; at least one visible character; no control, format or invisible characters (bidirectional controls, zero-width characters, tag characters, line and paragraph separators, the Hangul fillers, the Braille blank) and no lone surrogates (400 \`invalid-name\`).`,
  );

/** The name to store: NFC-normalised and trimmed, or 400 `invalid-name` saying why not. */
export function normalizePlayerName(raw: string): string {
  // A lone surrogate cannot be normalised or stored as UTF-8: refuse it before anything else.
  if (LONE_SURROGATE.test(raw)) throw fail('invalid-name', { fault: 'lone-surrogate' });
  const normalized = raw.normalize('NFC');
  // Before trimming, which would quietly drop some of them at the ends (U+2028, U+2029, U+FEFF, LF).
  const forbidden = FORBIDDEN.exec(normalized)?.[0];
  if (forbidden !== undefined) {
    const codePoint = `U+${(forbidden.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw fail('invalid-name', { fault: 'forbidden-character', codePoint });
  }
  const name = normalized.trim();
  const length = [...name].length;
  if (length < 1 || length > PLAYER_NAME_MAX_CHARS) throw fail('invalid-name', { fault: 'length', length, max: PLAYER_NAME_MAX_CHARS });
  if (!VISIBLE.test(name)) throw fail('invalid-name', { fault: 'invisible' });
  return name;
}
