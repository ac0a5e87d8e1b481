/**
 * How deep a JSON body may nest arrays and objects. The API's bodies nest
 * under ten levels (a batch of moves, a move, its payment, its sources); past
 * a few thousand, code that walks the parsed value recursively (the request
 * hash's JSON.stringify, zod) overflows the stack. So the raw text is measured
 * first, before anything parses or walks it.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` opens more than `maxDepth` arrays or objects inside one
 * another. One pass over the characters, nothing allocated: brackets inside
 * strings do not count, and malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth--;
  }
  return false;
}
