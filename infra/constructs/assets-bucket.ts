/**
 * The private bucket behind the distribution. The root holds exactly the current build;
 * `_archive/` holds every build's files for a while, so pages of an earlier build still
 * find their hashed scripts (skew protection, see docs/DEPLOY.md).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { ARCHIVE_PREFIX, PRIVATE_PREFIX } from '../bucket-layout';

export { ARCHIVE_PREFIX, PRIVATE_PREFIX, STORE_PREFIX } from '../bucket-layout';

export interface AssetsBucketProps {
  /** Days an object stays under `_archive/` after its upload. @default 30 */
  readonly archiveDays?: number;
  /** @default RemovalPolicy.RETAIN (the site's files outlive a mistaken `cdk destroy`) */
  readonly removalPolicy?: RemovalPolicy;
}

export class AssetsBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AssetsBucketProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only CloudFront (origin access control) and the functions' roles read it.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          id: 'expire-archived-builds',
          prefix: ARCHIVE_PREFIX,
          expiration: Duration.days(props.archiveDays ?? 30),
        },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    // The distribution's read grant covers every key (`/*`); a public file behaviour such as
    // `/*.json` would otherwise serve `/_data/submissions/x.json`. An explicit deny wins.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'NoEdgeReadsOfSiteData',
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${PRIVATE_PREFIX}*`)],
      }),
    );
  }
}
