import type { AttributeValue, ConsumedCapacity } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB's published item-size and capacity rules
 * (developerguide/CapacityUnitCalculations.html and read-write-operations.html),
 * so the benchmark can price a move from the bytes it really moves: DynamoDB
 * Local's own ConsumedCapacity figures are not faithful.
 */

export type Item = Record<string, AttributeValue>;

const WRITE_UNIT_BYTES = 1024;
const READ_UNIT_BYTES = 4096;
/** Every index entry carries 100 bytes of overhead besides its projected attributes. */
export const INDEX_ENTRY_OVERHEAD_BYTES = 100;

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Size of a number: 1 byte per two significant digits, plus 1 (leading and trailing zeros trimmed). */
function numberBytes(text: string): number {
  const digits = text
    .replace(/^[+-]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function binaryBytes(value: Uint8Array | string): number {
  return typeof value === 'string' ? Buffer.from(value, 'base64').length : value.byteLength;
}

/** Size of one attribute value (its name excluded). */
export function valueSizeBytes(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return binaryBytes(value.B);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + binaryBytes(b), 0);
  // Lists and maps: 3 bytes of overhead, plus 1 byte per element.
  if (value.L !== undefined) return 3 + value.L.reduce((sum, v) => sum + 1 + valueSizeBytes(v), 0);
  if (value.M !== undefined) return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueSizeBytes(v), 0);
  throw new Error(`unknown attribute value type: ${Object.keys(value).join(',')}`);
}

/** Size of an item: the UTF-8 lengths of its attribute names plus the sizes of their values. */
export function itemSizeBytes(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSizeBytes(value), 0);
}

/** Write units for one item: 1 KB units, rounded up; transactional writes cost double. */
export function writeUnits(itemBytes: number, transactional = false): number {
  return Math.max(1, Math.ceil(itemBytes / WRITE_UNIT_BYTES)) * (transactional ? 2 : 1);
}

export type ReadConsistency = 'strong' | 'eventual' | 'transactional';
const READ_FACTOR: Record<ReadConsistency, number> = { strong: 1, eventual: 0.5, transactional: 2 };

/** Read units for one GetItem: its item rounded up to 4 KB (a missing item still costs the minimum). */
export function getItemReadUnits(itemBytes: number, consistency: ReadConsistency = 'strong'): number {
  return Math.max(1, Math.ceil(itemBytes / READ_UNIT_BYTES)) * READ_FACTOR[consistency];
}

/** Read units for one Query page: the summed size of every item it read, rounded up to 4 KB once. */
export function queryReadUnits(itemBytes: readonly number[], consistency: ReadConsistency = 'strong'): number {
  const total = itemBytes.reduce((a, b) => a + b, 0);
  return Math.max(1, Math.ceil(total / READ_UNIT_BYTES)) * READ_FACTOR[consistency];
}

/** What one DynamoDB request cost, as DynamoDB reports it and as its published rules compute it. */
export interface CapacityUsage {
  /** The store method that made the request (`appendCommit`, `loadGame`, …). */
  readonly operation: string;
  /** The DynamoDB API called (`PutItem`, `Query`, …). */
  readonly command: string;
  /** DynamoDB's own figures (ReturnConsumedCapacity TOTAL). */
  readonly consumed: readonly ConsumedCapacity[];
  /** Size of every item written, index entries included (each one is a separate write). */
  readonly writtenBytes: readonly number[];
  /** Size of every item read. */
  readonly readBytes: readonly number[];
  /** Computed from the sizes with the published rounding rules. */
  readonly writeUnits: number;
  readonly readUnits: number;
}

export type CapacityMeter = (usage: CapacityUsage) => void;
