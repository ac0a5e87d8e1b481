import type { Context } from 'hono';
import { fail } from '../service/errors.js';
import { sha256Hex } from '../service/ids.js';

/** Identifies a request body for idempotency: the route and the validated body. */
export function requestHash(c: Context, body: unknown): string {
  return sha256Hex(`${c.req.method} ${c.req.path}\n${JSON.stringify(body ?? null)}`);
}

export function etag(version: number): string {
  return `"${version}"`;
}

/** `If-Match: "12"` (or `12`) pins version 12; `*` or no header pins nothing. */
export function parseIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^\s*"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw fail('invalid-if-match');
  return Number(match[1]);
}

/** Whether `If-None-Match` (a list of ETags, weak or strong, or `*`) names the game's current version. */
export function matchesIfNoneMatch(header: string | undefined, version: number): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag(version);
  });
}
