import { ConditionalCheckFailedException, GetItemCommand, UpdateItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { keys, KEEPS_ATTRIBUTE } from '../../store/dynamo-items.js';
import { KEPT_KINDS, type KeptKind, type PlayerKeeps } from './port.js';

/** How many times the player's flags were marked: a removal clears a flag only if none was marked since it counted. */
const MARKS_ATTRIBUTE = 'keepsMarks';

/**
 * What a player keeps that the channels read, as flags on their profile item
 * (`keeps`: a map holding `true` for each kind they keep; a kind missing is
 * one they keep none of). A profile stored before the flags were kept has no
 * map: null, read as before, and never marked (its map is not made up).
 *
 * Adding marks the kind before the write (a crash after it leaves the flag
 * set) and again after it; a removal reads the marks, counts what remains
 * (strongly consistent) and clears the flag only if none remains and no mark
 * came meanwhile. So an add racing a removal of the last one leaves the flag
 * set: a removal that counted before the add's write sees the later mark.
 * Preferences are never removed, so their one write needs one mark.
 */
export class KeepsFlags {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly table: string,
  ) {}

  async read(playerId: string): Promise<PlayerKeeps | null> {
    const kept = (await this.profileAttribute(playerId, KEEPS_ATTRIBUTE, false))?.M;
    if (!kept) return null;
    return Object.fromEntries(KEPT_KINDS.map((kind) => [kind, kept[kind]?.BOOL === true])) as Record<KeptKind, boolean>;
  }

  /** Runs `write`, which may add a thing of `kind`, with the flag marked before and after it. */
  async keeping<T>(playerId: string, kind: KeptKind, write: () => Promise<T>): Promise<T> {
    await this.mark(playerId, kind);
    const written = await write();
    await this.mark(playerId, kind);
    return written;
  }

  /** Runs `write`, which stores a thing no removal ever clears (preferences): one mark, before it, is enough (a crash after the mark costs readers one read of nothing). */
  async keepingForGood<T>(playerId: string, kind: KeptKind, write: () => Promise<T>): Promise<T> {
    await this.mark(playerId, kind);
    return write();
  }

  /** After a removal of a thing of `kind`: clears the flag when `remaining()` finds none left and nothing was added meanwhile. */
  async dropped(playerId: string, kind: KeptKind, remaining: () => Promise<number>): Promise<void> {
    const marks = (await this.profileAttribute(playerId, MARKS_ATTRIBUTE, true))?.N;
    if ((await remaining()) > 0) return;
    await this.unlessStale(
      new UpdateItemCommand({
        TableName: this.table,
        Key: keys.player(playerId),
        UpdateExpression: 'REMOVE #keeps.#kind',
        ConditionExpression: `attribute_exists(#keeps) AND ${marks === undefined ? 'attribute_not_exists(#marks)' : '#marks = :marks'}`,
        ExpressionAttributeNames: { '#keeps': KEEPS_ATTRIBUTE, '#kind': kind, '#marks': MARKS_ATTRIBUTE },
        ...(marks === undefined ? {} : { ExpressionAttributeValues: { ':marks': { N: marks } } }),
      }),
    );
  }

  private async mark(playerId: string, kind: KeptKind): Promise<void> {
    await this.unlessStale(
      new UpdateItemCommand({
        TableName: this.table,
        Key: keys.player(playerId),
        UpdateExpression: 'SET #keeps.#kind = :kept ADD #marks :one',
        // A profile without the map (stored before it) stays without: null reads everything anyway.
        ConditionExpression: 'attribute_exists(#keeps)',
        ExpressionAttributeNames: { '#keeps': KEEPS_ATTRIBUTE, '#kind': kind, '#marks': MARKS_ATTRIBUTE },
        ExpressionAttributeValues: { ':kept': { BOOL: true }, ':one': { N: '1' } },
      }),
    );
  }

  /** One attribute of the player's profile item (eventually consistent unless `consistent`). */
  private async profileAttribute(playerId: string, name: string, consistent: boolean): Promise<AttributeValue | undefined> {
    const output = await this.client.send(
      new GetItemCommand({
        TableName: this.table,
        Key: keys.player(playerId),
        ProjectionExpression: '#attribute',
        ExpressionAttributeNames: { '#attribute': name },
        ConsistentRead: consistent,
      }),
    );
    return output.Item?.[name];
  }

  /** Sends an update whose condition failing means there is nothing to change (no map, or a mark came meanwhile). */
  private async unlessStale(command: UpdateItemCommand): Promise<void> {
    try {
      await this.client.send(command);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
