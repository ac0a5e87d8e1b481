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
  /**
   * The HTTP function's reserved concurrency: its guaranteed share of the
   * account's Lambda concurrency, and its cap, so long-polls (each holding an
   * instance up to 25 s) can never take what the timer, push and stream
   * functions need. AWS keeps at least 100 of the account's quota unreserved.
   */
  readonly httpConcurrency: number;
  /**
   * The edge secret's versions (Secrets Manager version ids): the first is the
   * value CloudFront sends, a second one is still accepted while a rotation
   * runs (README: "No way around the edge"). Empty: the secret's current
   * value at the first deployment, nothing else.
   */
  readonly edgeSecretVersions: readonly string[];
  /**
   * The address e-mail is sent from (`play@mail.example.org`); null: no
   * e-mail (the routes answer `503 email-unavailable`). Its domain becomes an
   * SES identity whose DKIM records the domain's owner publishes.
   */
  readonly mailFrom: string | null;
}

export const DEFAULT_CONFIG: ServiceConfig = {
  deletionProtection: true,
  corsOrigins: ['*'],
  alarmEmail: null,
  httpConcurrency: 200,
  edgeSecretVersions: [],
  mailFrom: null,
};

export function readConfig(node: Node): ServiceConfig {
  return {
    deletionProtection: readBoolean(node, 'deletionProtection', DEFAULT_CONFIG.deletionProtection),
    corsOrigins: readList(node, 'corsOrigins', DEFAULT_CONFIG.corsOrigins),
    alarmEmail: readEmail(node, 'alarmEmail'),
    httpConcurrency: readCount(node, 'httpConcurrency', DEFAULT_CONFIG.httpConcurrency),
    edgeSecretVersions: readVersions(node, 'edgeSecretVersions'),
    mailFrom: readEmail(node, 'mailFrom'),
  };
}

/** A whole number of at least 1, from cdk.json or the command line (a string there). */
function readCount(node: Node, key: string, fallback: number): number {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined) return fallback;
  const count = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
    throw new Error(`Context ${key} must be a whole number of at least 1, not ${JSON.stringify(raw)}`);
  return count;
}

/** One or two Secrets Manager version ids (32 to 64 letters, digits and dashes). */
function readVersions(node: Node, key: string): readonly string[] {
  if (node.tryGetContext(key) === undefined) return DEFAULT_CONFIG.edgeSecretVersions;
  const versions = readList(node, key, []);
  if (versions.length > 2 || versions.some((version) => !/^[A-Za-z0-9-]{32,64}$/.test(version))) {
    throw new Error(`Context ${key} must be one or two Secrets Manager version ids (the one CloudFront sends first), not ${JSON.stringify(versions)}`);
  }
  return versions;
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
