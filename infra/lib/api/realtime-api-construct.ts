/**
 * The WebSocket API. `$connect` verifies the access token itself (the realtime area answers 401 and
 * API Gateway refuses the upgrade), `$disconnect` forgets the socket, `$default` answers join/leave
 * frames (route response). Pings (`WS_MOCK_ROUTES`) never reach a function: a mock integration
 * answers them with a fixed pong, and the client frame resets the 10-minute idle timer.
 * The API and its stage exist before the functions (they need the @connections URL); the routes are
 * added once the functions exist.
 */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnIntegrationResponse,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketIntegration,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { WS_MOCK_ROUTES, WS_ROUTES } from '@atende/functions/manifest';
import type { AreaFunctions } from '../functions/area-functions';
import { acknowledge } from '../acknowledge';
import { pascal } from '../names';
import type { StageConfig } from '../stage-config';
import type { ApiGatewayAccount } from './api-gateway-account';

const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  eventType: '$context.eventType',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  error: '$context.error.message',
};

export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; logging: ApiGatewayAccount }) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `atende-${props.stage.name}-realtime`,
      description: 'Atende realtime events (routes from functions/src/manifest.ts)',
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.statefulRemovalPolicy,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stage.name,
      autoDeploy: true,
      throttle: { rateLimit: props.stage.throttle.default.rateLimit, burstLimit: props.stage.throttle.default.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    props.logging.requiredBy(this.stage);
    acknowledge(
      this.api,
      'APIG4',
      'The realtime area verifies the access token on $connect (and refuses the upgrade); ' +
        '$disconnect and $default run only on a socket that passed $connect, and WebSocket APIs allow authorizers on $connect only.',
    );
  }

  /** `wss://…/<stage>`: what the console connects to (`?token=<access JWT>`). */
  get url(): string {
    return this.stage.url;
  }

  addRoutes(functions: AreaFunctions): void {
    for (const route of WS_ROUTES) {
      const id = `${pascal(route.routeKey.replace('$', ''))}Integration`;
      this.api.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(id, functions.get(route.area)),
        ...(route.returnResponse ? { returnResponse: true } : {}),
      });
    }
    for (const route of WS_MOCK_ROUTES) this.addMockRoute(route.routeKey, route.response);
  }

  /** A route answered by API Gateway itself: mock integration (status 200) plus a fixed response body. */
  private addMockRoute(routeKey: string, response: string): void {
    const id = `${pascal(routeKey)}MockIntegration`;
    const wsRoute = this.api.addRoute(routeKey, {
      integration: new WebSocketMockIntegration(id, {
        requestTemplates: {
          'application/json': JSON.stringify({ statusCode: 200 }),
          $default: JSON.stringify({ statusCode: 200 }),
        },
        templateSelectionExpression: '\\$default',
      }),
      returnResponse: true,
    });
    const integration = wsRoute.node.findChild(id) as WebSocketIntegration;
    new CfnIntegrationResponse(this, `${pascal(routeKey)}IntegrationResponse`, {
      apiId: this.api.apiId,
      integrationId: integration.integrationId,
      integrationResponseKey: '$default',
      templateSelectionExpression: '\\$default',
      responseTemplates: { $default: response },
    });
  }
}
