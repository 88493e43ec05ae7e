/**
 * The REST API: every manifest HTTP route on its area's Lambda (proxy integration; the routes live in
 * a nested stack, see rest-routes-stack.ts), stage throttling with stricter limits for the `auth` and
 * `send` throttle classes, JSON access logs, X-Ray (sampled here for the functions behind it), CORS
 * preflight for the console's origin, and API Gateway's own errors answered in the app's
 * `{ error: ERR_* }` shape (as the local gateway does).
 */
import {
  AccessLogFormat,
  ApiKey,
  Cors,
  Deployment,
  EndpointType,
  LogGroupLogDestination,
  ResponseType,
  RestApi,
  Stage,
  UsagePlan,
  type CorsOptions,
  type MethodDeploymentOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { HTTP_ROUTES, type HttpRouteSpec } from '@atende/functions/manifest';
import type { ErrorCode } from '@atende/shared';
import type { AreaFunctions } from '../functions/area-functions';
import type { StageConfig, ThrottleLimits } from '../stage-config';
import type { ApiGatewayAccount } from './api-gateway-account';
import { acknowledge } from '../acknowledge';
import { RestRoutesStack } from './rest-routes-stack';
import { apiTraceSampling } from '../observability/trace-sampling';

export interface RestApiProps {
  stage: StageConfig;
  functions: AreaFunctions;
  /** The console's origin(s); the console itself calls the API same-origin through CloudFront. */
  corsOrigins: string[];
  logging: ApiGatewayAccount;
  /**
   * The API key every method requires; only CloudFront knows it (it adds it as an origin header).
   * A request that skips CloudFront is refused by API Gateway, so the viewer address CloudFront
   * forwards can be trusted (the per-IP login limit).
   */
  originKey: ISecret;
}

/** `methodOptions` key of a route: `/auth/login/POST`. */
export const methodOptionsKey = (route: Pick<HttpRouteSpec, 'path' | 'method'>) => `${route.path}/${route.method}`;

const GATEWAY_ERRORS: { type: ResponseType; status: string; code: ErrorCode }[] = [
  // API Gateway answers an unknown path with 403 "Missing Authentication Token"; the app says 404.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, status: '404', code: 'ERR_NOT_FOUND' },
  { type: ResponseType.THROTTLED, status: '429', code: 'ERR_TOO_MANY_ATTEMPTS' },
  { type: ResponseType.REQUEST_TOO_LARGE, status: '413', code: 'ERR_PAYLOAD_TOO_LARGE' },
  { type: ResponseType.DEFAULT_5XX, status: '500', code: 'ERR_INTERNAL' },
  // A request that did not come through CloudFront (no origin key).
  { type: ResponseType.INVALID_API_KEY, status: '403', code: 'ERR_NO_PERMISSION' },
];

export class RestApiConstruct extends Construct {
  readonly api: RestApi;
  readonly stage: Stage;
  readonly routes: RestRoutesStack;

  constructor(scope: Construct, id: string, props: RestApiProps) {
    super(scope, id);
    const cors: CorsOptions = {
      allowOrigins: props.corsOrigins,
      allowCredentials: true,
      allowMethods: Cors.ALL_METHODS,
      allowHeaders: [...Cors.DEFAULT_HEADERS, 'X-Requested-With'],
    };
    this.api = new RestApi(this, 'Api', {
      restApiName: `atende-${props.stage.name}`,
      description: 'Atende REST API (routes from functions/src/manifest.ts)',
      // CloudFront is in front already; an edge-optimized API would add a second distribution.
      endpointTypes: [EndpointType.REGIONAL],
      // Access logs need API Gateway's account-level CloudWatch role: ApiGatewayAccount, shared with the WebSocket API.
      cloudWatchRole: false,
      // Deployed below, after the nested stack has created the methods.
      deploy: false,
      // Gives the root its preflight (and the API its one method in this stack).
      defaultCorsPreflightOptions: cors,
      // The external send API's multipart uploads reach its Lambda base64-encoded, bytes intact
      // (domain/external-api/send-request.ts); as the local gateway does for non-text bodies.
      binaryMediaTypes: ['multipart/form-data'],
    });
    for (const { type, status, code } of GATEWAY_ERRORS) {
      this.api.addGatewayResponse(`${code}${status}`, {
        type,
        statusCode: status,
        templates: { 'application/json': JSON.stringify({ error: code }) },
      });
    }

    this.routes = new RestRoutesStack(this, 'Routes', {
      restApiId: this.api.restApiId,
      rootResourceId: this.api.restApiRootResourceId,
      functions: props.functions,
      cors,
      description: 'Atende REST API routes',
    });

    const deployment = new Deployment(this, 'Deployment', {
      api: this.api,
      description: 'Routes from functions/src/manifest.ts',
    });
    deployment.node.addDependency(this.routes);
    // CDK cannot see the nested stack's methods: a new deployment whenever the route table changes.
    deployment.addToLogicalId({ routes: HTTP_ROUTES.map((r) => `${r.method} ${r.path} ${r.area}`), cors });

    this.stage = new Stage(this, 'Stage', {
      deployment,
      stageName: props.stage.name,
      // Where traces start: the sampling rule below decides, and the functions follow (PassThrough).
      tracingEnabled: true,
      // Per-method ("detailed") metrics are custom metrics billed per method, and nobody reads them:
      // the dashboard and the 5xx alarm use the API-level Count/Latency/4XX/5XX, published anyway.
      metricsEnabled: false,
      accessLogDestination: new LogGroupLogDestination(
        new LogGroup(this, 'AccessLogs', {
          retention: props.stage.logRetention,
          removalPolicy: props.stage.statefulRemovalPolicy,
        }),
      ),
      accessLogFormat: AccessLogFormat.jsonWithStandardFields({
        caller: false,
        httpMethod: true,
        ip: true,
        protocol: true,
        requestTime: true,
        resourcePath: true,
        responseLength: true,
        status: true,
        user: false,
      }),
      throttlingRateLimit: props.stage.throttle.default.rateLimit,
      throttlingBurstLimit: props.stage.throttle.default.burstLimit,
      methodOptions: stricterThrottles(HTTP_ROUTES, props.stage.throttle),
    });
    props.logging.requiredBy(this.stage);
    acknowledge(
      this.api,
      'APIG2',
      "Every route validates its body, query and path with the zod schemas from shared/ and answers 400 ERR_VALIDATION in the app's shape (functions/src/platform/http-route.ts).",
    );
    acknowledge(
      this.stage,
      'APIG3',
      'The API is reached only through CloudFront (API key sent by CloudFront alone), where the WAF web ACL of infra/bin/edge.ts applies.',
    );
    acknowledge(
      this.stage,
      'APIG6',
      'JSON access logs are on; execution logs would copy request and response bodies (personal data) into CloudWatch at a cost.',
    );
    this.api.deploymentStage = this.stage;
    apiTraceSampling(this, { apiName: this.api.restApiName, stageName: props.stage.name });

    const key = new ApiKey(this, 'CloudFrontKey', {
      description: 'Sent by CloudFront only (origin custom header): the API is reached through CloudFront',
      value: props.originKey.secretValue.unsafeUnwrap(),
    });
    const plan = new UsagePlan(this, 'CloudFrontPlan', {
      description: 'The CloudFront origin key (no quota: limits are the stage throttles and the WAF rule)',
      apiStages: [{ api: this.api, stage: this.stage }],
    });
    plan.addApiKey(key);
  }
}

function stricterThrottles(
  routes: HttpRouteSpec[],
  throttle: StageConfig['throttle'],
): Record<string, MethodDeploymentOptions> {
  const options: Record<string, MethodDeploymentOptions> = {};
  for (const route of routes) {
    if (!route.throttle || route.throttle === 'default') continue;
    const limits: ThrottleLimits = throttle[route.throttle];
    options[methodOptionsKey(route)] = { throttlingRateLimit: limits.rateLimit, throttlingBurstLimit: limits.burstLimit };
  }
  return options;
}
