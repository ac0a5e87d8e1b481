import * as z from 'zod';
import { fail, type ServiceError } from './errors.js';

/** Longest player name, in Unicode code points after normalisation. */
export const PLAYER_NAME_MAX_CHARS = 40;

/**
 * Characters a name may not hold: controls (C0, DEL, C1: CR, LF, NUL, BEL, …)
 * and the bidirectional marks, embeddings, overrides and isolates that make
 * a name display as something else (U+202E reverses what follows it).
 */
const FORBIDDEN = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The name as the request carries it; `registerPlayer` normalises and checks it (400 `invalid-name`). */
export const PlayerNameInput = z
  .string()
  .describe(
    `1–${PLAYER_NAME_MAX_CHARS} characters after Unicode NFC normalisation and trimming; no control characters, bidirectional controls or lone surrogates (400 \`invalid-name\`).`,
  );

/** The name to store: NFC-normalised and trimmed, or 400 `invalid-name` saying why not. */
export function normalizePlayerName(raw: string): string {
  // A lone surrogate cannot be normalised or stored as UTF-8: refuse it before anything else.
  if (LONE_SURROGATE.test(raw)) throw invalidName('it holds a lone surrogate (half of a UTF-16 pair)');
  const name = raw.normalize('NFC').trim();
  const forbidden = FORBIDDEN.exec(name)?.[0];
  if (forbidden !== undefined) {
    const codePoint = `U+${(forbidden.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw invalidName(`it holds ${codePoint}, a control or bidirectional formatting character`);
  }
  const length = [...name].length;
  if (length < 1 || length > PLAYER_NAME_MAX_CHARS) throw invalidName(`it has ${length} characters; 1 to ${PLAYER_NAME_MAX_CHARS} are allowed`);
  return name;
}

function invalidName(why: string): ServiceError {
  return fail('invalid-name', { why });
}
