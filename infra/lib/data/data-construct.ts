/**
 * The stateful core: the one DynamoDB table (built from the same definition the local platform
 * uses) and the private media bucket.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE_GSIS, TABLE_KEY, TTL_ATTRIBUTE } from '@atende/functions/table';
import { acknowledge } from '../acknowledge';
import type { StageConfig } from '../stage-config';

/** Objects smaller than this are never auto-tiered by S3 Intelligent-Tiering. */
export const INTELLIGENT_TIERING_MIN_BYTES = 128 * 1024;

export interface DataProps {
  stage: StageConfig;
  /** Origins that may PUT/GET media with a signed URL from the browser (the console). */
  corsOrigins: string[];
}

export class Data extends Construct {
  readonly table: Table;
  readonly mediaBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: props.stage.tableDeletionProtection,
      removalPolicy: props.stage.statefulRemovalPolicy,
      // No stream: nothing consumes one (dashboard counters are maintained by the writers).
    });
    for (const gsi of TABLE_GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.mediaBucket = new Bucket(this, 'MediaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      cors: [
        {
          allowedOrigins: props.corsOrigins,
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Conversation media is read a lot in its first weeks and rarely after.
        {
          id: 'older-media-to-intelligent-tiering',
          transitions: [{ storageClass: StorageClass.INTELLIGENT_TIERING, transitionAfter: Duration.days(30) }],
          // Intelligent-Tiering never moves objects under 128 KB to a cheaper tier (they stay billed as
          // frequent access), so moving them would only cost the transition requests.
          objectSizeGreaterThan: INTELLIGENT_TIERING_MIN_BYTES,
        },
      ],
      // Customer media is never deleted with the stack, in any stage (docs/deploy.md "Tearing down").
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.mediaBucket,
      'S1',
      'Objects are read and written only through short-lived signed URLs issued by functions that ' +
        'log who asked (request and company ids); server access logs would be a second, costlier copy. Turn on CloudTrail data events for an audit.',
    );
    acknowledge(
      this.mediaBucket,
      'CloudFormation-Validate::W9003',
      'CDK types ObjectSizeGreaterThan as a number; CloudFormation reads it as the same value.',
    );
  }
}
