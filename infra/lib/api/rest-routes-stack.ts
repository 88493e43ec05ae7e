/**
 * Every manifest HTTP route as API Gateway resources and methods, in a nested stack: with its CORS
 * preflight each route costs about 2.5 CloudFormation resources, and the spec's ~150 routes would
 * push the main stack past CloudFormation's 500-resource limit.
 */
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { LambdaIntegration, RestApi, type CorsOptions, type IResource } from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { HTTP_ROUTES, type Area } from '@atende/functions/manifest';
import { acknowledge } from '../acknowledge';
import type { AreaFunctions } from '../functions/area-functions';

export interface RestRoutesProps extends NestedStackProps {
  restApiId: string;
  rootResourceId: string;
  functions: AreaFunctions;
  cors: CorsOptions;
}

export class RestRoutesStack extends NestedStack {
  constructor(scope: Construct, id: string, props: RestRoutesProps) {
    super(scope, id, props);
    const api = RestApi.fromRestApiAttributes(this, 'Api', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });

    const integrations = new Map<Area, LambdaIntegration>();
    const integrationFor = (area: Area) => {
      if (!integrations.has(area)) {
        // One invoke permission per function for the whole API, not one per method (resource budget).
        integrations.set(area, new LambdaIntegration(props.functions.get(area), { scopePermissionToMethod: false }));
      }
      return integrations.get(area)!;
    };
    const noAuthorizer =
      "Access is checked by the function, per the manifest's access level of each route (public, user, admin, " +
      'super): the http-route wrapper verifies the JWT and the role, and the company comes from the token. Public routes (login, ' +
      'refresh, logout, CORS preflight) are public by design. Every method also requires the API key only CloudFront sends.';
    acknowledge(this, 'APIG4', noAuthorizer);
    acknowledge(this, 'COG4', noAuthorizer);
    for (const route of HTTP_ROUTES) {
      // Every method needs the API key CloudFront adds: the API answers only through CloudFront.
      resourceFor(api.root, route.path, props.cors).addMethod(route.method, integrationFor(route.area), {
        apiKeyRequired: true,
      });
    }
  }
}

/** Like `resourceForPath`, but top-level resources carry the CORS preflight (children inherit it). */
function resourceFor(root: IResource, path: string, cors: CorsOptions): IResource {
  let resource = root;
  for (const part of path.split('/').filter(Boolean)) {
    resource =
      resource.getResource(part) ??
      resource.addResource(part, resource === root ? { defaultCorsPreflightOptions: cors } : {});
  }
  return resource;
}
