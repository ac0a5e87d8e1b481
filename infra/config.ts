import type { Node } from 'constructs';

/**
 * Deploy-time choices, read from CDK context (`cdk deploy -c key=value` or
 * the `context` block of cdk.json). Everything else is fixed in code.
 */
export interface ServiceConfig {
  /** Refuse to delete the game table, even from `cdk destroy`. */
  readonly deletionProtection: boolean;
  /** Browser origins allowed to call the API; `*` for any (bearer tokens, no cookies). */
  readonly corsOrigins: readonly string[];
  /** Where alarms are mailed (an SNS email subscription, confirmed by its owner); none when null. */
  readonly alarmEmail: string | null;
}

export const DEFAULT_CONFIG: ServiceConfig = { deletionProtection: true, corsOrigins: ['*'], alarmEmail: null };

export function readConfig(node: Node): ServiceConfig {
  return {
    deletionProtection: readBoolean(node, 'deletionProtection', DEFAULT_CONFIG.deletionProtection),
    corsOrigins: readList(node, 'corsOrigins', DEFAULT_CONFIG.corsOrigins),
    alarmEmail: readEmail(node, 'alarmEmail'),
  };
}

/** One address; SNS itself checks it is deliverable (the subscription must be confirmed). */
function readEmail(node: Node, key: string): string | null {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(raw.trim())) {
    throw new Error(`Context ${key} must be one email address, not ${JSON.stringify(raw)}`);
  }
  return raw.trim();
}

/** `-c flag=false` arrives as a string, cdk.json as a boolean: accept both, refuse anything else. */
function readBoolean(node: Node, key: string, fallback: boolean): boolean {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined) return fallback;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new Error(`Context ${key} must be true or false, not ${JSON.stringify(raw)}`);
}

/** A JSON array from cdk.json, or a comma-separated string from the command line. */
function readList(node: Node, key: string, fallback: readonly string[]): readonly string[] {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined) return fallback;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
  const list = items?.map((item) => (typeof item === 'string' ? item.trim() : '')).filter((item) => item !== '');
  if (!list || list.length === 0 || list.length !== items?.length) {
    throw new Error(`Context ${key} must be a non-empty list of strings, not ${JSON.stringify(raw)}`);
  }
  return list;
}
