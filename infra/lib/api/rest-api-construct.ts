/**
 * The REST API: every manifest HTTP route on its area's Lambda (proxy integration; the routes live in
 * a nested stack, see rest-routes-stack.ts), stage throttling with stricter limits for the `auth` and
 * `send` throttle classes, JSON access logs, X-Ray, CORS preflight for the console's origin, and API
 * Gateway's own errors answered in the app's `{ error: ERR_* }` shape (as the local gateway does).
 */
import {
  AccessLogFormat, Cors, Deployment, EndpointType, LogGroupLogDestination, ResponseType, RestApi, Stage,
  type CorsOptions, type MethodDeploymentOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { HTTP_ROUTES, type HttpRouteSpec } from '@atende/functions/manifest';
import type { ErrorCode } from '@atende/shared';
import type { AreaFunctions } from '../functions/area-functions';
import type { StageConfig, ThrottleLimits } from '../stage-config';
import { RestRoutesStack } from './rest-routes-stack';

export interface RestApiProps {
  stage: StageConfig;
  functions: AreaFunctions;
  /** The console's origin(s); the console itself calls the API same-origin through CloudFront. */
  corsOrigins: string[];
}

/** `methodOptions` key of a route: `/auth/login/POST`. */
export const methodOptionsKey = (route: Pick<HttpRouteSpec, 'path' | 'method'>) => `${route.path}/${route.method}`;

const GATEWAY_ERRORS: { type: ResponseType; status: string; code: ErrorCode }[] = [
  // API Gateway answers an unknown path with 403 "Missing Authentication Token"; the app says 404.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, status: '404', code: 'ERR_NOT_FOUND' },
  { type: ResponseType.THROTTLED, status: '429', code: 'ERR_TOO_MANY_ATTEMPTS' },
  { type: ResponseType.REQUEST_TOO_LARGE, status: '413', code: 'ERR_PAYLOAD_TOO_LARGE' },
  { type: ResponseType.DEFAULT_5XX, status: '500', code: 'ERR_INTERNAL' },
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
      // Access logs need API Gateway's account-level CloudWatch role.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: props.stage.statefulRemovalPolicy,
      // Deployed below, after the nested stack has created the methods.
      deploy: false,
      // Gives the root its preflight (and the API its one method in this stack).
      defaultCorsPreflightOptions: cors,
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

    const deployment = new Deployment(this, 'Deployment', { api: this.api, description: 'Routes from functions/src/manifest.ts' });
    deployment.node.addDependency(this.routes);
    // CDK cannot see the nested stack's methods: a new deployment whenever the route table changes.
    deployment.addToLogicalId({ routes: HTTP_ROUTES.map((r) => `${r.method} ${r.path} ${r.area}`), cors });

    this.stage = new Stage(this, 'Stage', {
      deployment,
      stageName: props.stage.name,
      tracingEnabled: true,
      metricsEnabled: true,
      accessLogDestination: new LogGroupLogDestination(new LogGroup(this, 'AccessLogs', {
        retention: props.stage.logRetention,
        removalPolicy: props.stage.statefulRemovalPolicy,
      })),
      accessLogFormat: AccessLogFormat.jsonWithStandardFields({
        caller: false, httpMethod: true, ip: true, protocol: true, requestTime: true,
        resourcePath: true, responseLength: true, status: true, user: false,
      }),
      throttlingRateLimit: props.stage.throttle.default.rateLimit,
      throttlingBurstLimit: props.stage.throttle.default.burstLimit,
      methodOptions: stricterThrottles(HTTP_ROUTES, props.stage.throttle),
    });
    this.api.deploymentStage = this.stage;
  }
}

function stricterThrottles(routes: HttpRouteSpec[], throttle: StageConfig['throttle']): Record<string, MethodDeploymentOptions> {
  const options: Record<string, MethodDeploymentOptions> = {};
  for (const route of routes) {
    if (!route.throttle || route.throttle === 'default') continue;
    const limits: ThrottleLimits = throttle[route.throttle];
    options[methodOptionsKey(route)] = { throttlingRateLimit: limits.rateLimit, throttlingBurstLimit: limits.burstLimit };
  }
  return options;
}
