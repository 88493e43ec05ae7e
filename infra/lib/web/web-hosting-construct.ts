/**
 * The console: a private S3 bucket behind CloudFront (origin access control). CloudFront also routes
 * `/api/*` to the REST API on the same origin, so the refresh cookie stays first-party. The runtime
 * configuration (`/config.json`: API and WebSocket URLs) is written at deploy time, so one web build
 * serves every stage.
 *
 * Built in three steps because the REST API's CORS needs the console's origin and the distribution
 * needs the REST API: create the distribution, then `routeApi()`, then `deploy()`.
 */
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIST_DIR } from '../paths';
import { acknowledge, managedPolicyFinding, nagArnOf } from '../acknowledge';
import { SPA_FALLBACK_CODE, STRIP_API_PREFIX_CODE } from './edge-functions';
import { consoleInlineScriptHashes, FRAMEABLE_PATHS, securityHeadersPolicies } from './security-headers';

export interface CustomDomain {
  domainName: string;
  /** ACM certificate in us-east-1 (CloudFront's region) covering `domainName`. */
  certificateArn: string;
}

export interface WebHostingProps {
  customDomain?: CustomDomain;
  /** Defaults to `web/dist`; a missing build deploys a placeholder page (and a synth warning). */
  webDistDir?: string;
  /** A CLOUDFRONT-scope WAF web ACL (us-east-1, `infra/bin/edge.ts`) with the per-IP rate rule. */
  webAclArn?: string;
}

/** What the SPA reads at boot (web/src/lib/config.ts). */
export interface WebRuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  localMode: false;
}

const PLACEHOLDER_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Atende</title>' +
  '<p>The console was not built before this deploy. Run <code>npm run build -w web</code> and deploy again.</p>';

export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<custom domain or CloudFront domain>`: where the console runs. */
  readonly consoleOrigin: string;
  private readonly webDistDir: string;
  private readonly headers: ReturnType<typeof securityHeadersPolicies>;

  constructor(scope: Construct, id: string, props: WebHostingProps = {}) {
    super(scope, id);
    this.webDistDir = props.webDistDir ?? WEB_DIST_DIR;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Only build output lives here: it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const spaFallback = new EdgeFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for console routes',
    });
    const domain = props.customDomain;
    this.headers = securityHeadersPolicies(this, {
      region: Stack.of(this).region,
      scriptHashes: consoleInlineScriptHashes(this.webDistDir),
    });
    const consoleBehavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Honours the Cache-Control each object was uploaded with (see deploy()).
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.headers.console,
      functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Atende console and API',
      defaultRootObject: 'index.html',
      // Customers are mostly in Brazil: South American edges are only in the "all" price class.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: consoleBehavior,
      // The same pages, but they may be framed (the sign-up form embedded on partner sites).
      additionalBehaviors: Object.fromEntries(
        FRAMEABLE_PATHS.map((path) => [path, { ...consoleBehavior, responseHeadersPolicy: this.headers.frameable }]),
      ),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });
    this.consoleOrigin = `https://${domain?.domainName ?? this.distribution.distributionDomainName}`;
    acknowledge(
      this.bucket,
      'S1',
      'Holds only the public build of the console, served through CloudFront; nothing to audit.',
    );
    acknowledge(this.distribution, 'CFR1', 'Customers and their operators may be anywhere; no country is excluded.');
    acknowledge(
      this.distribution,
      'CFR3',
      'Standard logs are billed per request and would duplicate the API access logs; the WAF samples requests.',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'CFR2',
        'No web ACL given for this stage: the per-IP rate limit is the shared edge stack ' +
          '(infra/bin/edge.ts, us-east-1), attached with -c webAclArn=… (docs/deploy.md "Edge rate limit").',
      );
    }
    if (!domain) {
      acknowledge(
        this.distribution,
        'CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose ' +
          'minimum protocol cannot be set; with domainName the distribution requires TLS 1.2 (TLSv1.2_2021).',
      );
    }
  }

  /**
   * `/api/*` → the REST API stage: prefix stripped and the viewer's address set in `x-viewer-ip` (by
   * the viewer-request function, see edge-functions.ts), nothing cached, every viewer header but Host
   * forwarded; CloudFront adds the API key (`originKey`) every API method requires, so a request that
   * skips CloudFront (and could forge `x-viewer-ip`) is refused by API Gateway.
   */
  routeApi(restApiId: string, stageName: string, originKey: string): void {
    const stripApiPrefix = new EdgeFunction(this, 'StripApiPrefix', {
      code: FunctionCode.fromInline(STRIP_API_PREFIX_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Route /api/* to the REST API resources, with the viewer address',
    });
    const { region, urlSuffix } = Stack.of(this);
    // Built from the API id and the stage name (not from `api.url`): referencing the deployed stage
    // would make the distribution depend on the CORS methods that depend on the distribution.
    const apiOrigin = new HttpOrigin(`${restApiId}.execute-api.${region}.${urlSuffix}`, {
      originPath: `/${stageName}`,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // Replaces any x-api-key a viewer sends.
      customHeaders: { 'x-api-key': originKey },
    });
    this.distribution.addBehavior('/api/*', apiOrigin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headers.api,
      functionAssociations: [{ function: stripApiPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
  }

  /**
   * Uploads the build: hashed `assets/*` cached for a year, everything else (index.html, config.json)
   * revalidated on every load, then invalidates the distribution. Old assets are kept (no prune) so
   * a console loaded before the deploy can still fetch its chunks.
   */
  deploy(config: WebRuntimeConfig): void {
    const built = existsSync(join(this.webDistDir, 'index.html'));
    if (!built) {
      Annotations.of(this).addWarningV2(
        'atende:web-not-built',
        `${this.webDistDir} has no build: deploying a placeholder page. Run "npm run build -w web" before deploying.`,
      );
    }
    const site: ISource = built ? Source.asset(this.webDistDir) : Source.data('index.html', PLACEHOLDER_PAGE);
    const assets = built
      ? new BucketDeployment(this, 'HashedAssets', {
          sources: [site],
          destinationBucket: this.bucket,
          exclude: ['*'],
          include: ['assets/*'],
          prune: false,
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          memoryLimit: 512,
        })
      : undefined;
    const entry = new BucketDeployment(this, 'EntryFiles', {
      sources: [site, Source.jsonData('config.json', config)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html must never point at chunks that are not uploaded yet.
    if (assets) entry.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** CDK's BucketDeployment runs one shared Lambda (a stack-level singleton) with its own grants. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const why =
      "CDK's BucketDeployment handler (copies the web build from the CDK asset bucket and invalidates the distribution); " +
      "its grants and runtime are CDK's, scoped to the web bucket and the asset bucket.";
    for (const id of [
      managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'),
      'L1',
      'IAM5[Resource::*]',
      ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map((a) => `IAM5[Action::${a}]`),
      `IAM5[Resource::${nagArnOf(this.bucket)}/*]`,
      'IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    ])
      acknowledge(handler, id, why);
  }
}
