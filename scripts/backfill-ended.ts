/**
 * `TABLE_NAME=… npm run backfill:ended` (AWS credentials and region from the
 * environment, as the AWS SDK reads them): the one-off backfill of the
 * export's index. Games that ended before the index existed have a
 * finished-games row but no `ENDED#` entry, so `GET /v1/players/{id}/games/export`
 * does not list them; this scans the table once for such rows and files each
 * under its game's end (functions/service/ended-backfill.ts). Run it once
 * after deploying the export; it is idempotent.
 *
 * A one-off rather than a repair on read: finding the rows the index lacks
 * means reading a player's whole list of finished games, which on every
 * export would cost what the index saves (years of play), while new ends
 * always write the entry — so the gap is closed once, and for good.
 */
import { createServiceContext } from '../functions/service/context.js';
import { backfillEnded } from '../functions/service/ended-backfill.js';
import { boundedDynamoClient } from '../functions/store/dynamo-client.js';
import { DynamoStore } from '../functions/store/dynamodb.js';

const tableName = process.env.TABLE_NAME;
if (!tableName) {
  console.error('set TABLE_NAME to the game table');
  process.exit(1);
}
const store = new DynamoStore({ client: boundedDynamoClient(), tableName });
const completed = await backfillEnded(createServiceContext({ store }), store.finishedRowsWithoutEnd());
console.log(`${completed} finished-games rows filed under their end`);
