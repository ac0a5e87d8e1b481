import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../functions/store/dynamo-items.js';

/**
 * Every DynamoDB call the store adapter makes at run time (functions/store/
 * dynamodb.ts): GetItem, BatchGetItem (the inbox's running games), Query,
 * and PutItem, UpdateItem and DeleteItem — also each one inside
 * TransactWriteItems (running-games claims, a finished game's rows).
 * Creating the table and its TTL is this stack's job, not the functions'. A
 * new call in the store needs its action here.
 */
export const STORE_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
] as const;
/** The indexes (active games, leaderboards, open games) are only ever queried. */
export const STORE_INDEX_ACTIONS = ['dynamodb:Query'] as const;

export interface GameTableProps {
  readonly deletionProtection: boolean;
}

/**
 * The service's one table, laid out as the store adapter expects (its keys,
 * index and TTL attribute come from TABLE_SCHEMA). The stream carries each new
 * item so the stream consumer can schedule deadlines once a commit is durable.
 */
export class GameTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: GameTableProps) {
    super(scope, id);
    const { partitionKey, sortKey, ttlAttribute, activeGamesIndex: index, leaderboardIndex, openGamesIndex } = TABLE_SCHEMA;
    const string = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: string(partitionKey),
      sortKey: string(sortKey),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: ttlAttribute,
      dynamoStream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: props.deletionProtection,
      // Game logs are the product: `cdk destroy` leaves the table behind.
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: [
        {
          indexName: index.name,
          partitionKey: string(index.partitionKey),
          sortKey: string(index.sortKey),
          // The store reads only game ids from it (as its own CreateTable for DynamoDB Local does).
          projectionType: dynamodb.ProjectionType.KEYS_ONLY,
        },
        {
          indexName: leaderboardIndex.name,
          partitionKey: string(leaderboardIndex.partitionKey),
          sortKey: string(leaderboardIndex.sortKey),
          // A leaderboard page is read from the index alone: a rating is a few small attributes.
          projectionType: dynamodb.ProjectionType.ALL,
        },
        {
          indexName: openGamesIndex.name,
          partitionKey: string(openGamesIndex.partitionKey),
          sortKey: string(openGamesIndex.sortKey),
          // A page of open games is read from the index alone: their headers.
          projectionType: dynamodb.ProjectionType.ALL,
        },
      ],
    });
  }

  /** What the HTTP and timer functions need: the store's calls on the table and its index, nothing else. */
  grantStoreAccess(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...STORE_TABLE_ACTIONS], resources: [this.table.tableArn] }));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...STORE_INDEX_ACTIONS],
        resources: [TABLE_SCHEMA.activeGamesIndex, TABLE_SCHEMA.leaderboardIndex, TABLE_SCHEMA.openGamesIndex].map(
          (index) => `${this.table.tableArn}/index/${index.name}`,
        ),
      }),
    );
  }
}
