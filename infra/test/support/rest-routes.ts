/**
 * Reads the REST API back out of the synthesized templates: `METHOD /path` → the area whose Lambda
 * the method invokes. Resources and methods live in the nested route stack; the functions they
 * invoke are parameters the main stack passes in.
 */
import { ofType, refsOf, type CfnTemplate, type Json } from './cloud-assembly';

export interface DeployedRoute {
  method: string;
  path: string;
  /** Area of the invoked function; undefined for CORS preflight (MOCK) methods. */
  area?: string;
}

export function deployedRoutes(
  main: CfnTemplate,
  routesStack: CfnTemplate,
  functionIds: Map<string, string>,
): DeployedRoute[] {
  const areaOfFunction = new Map([...functionIds].map(([area, id]) => [id, area]));
  const nestedStack = ofType(main, 'AWS::CloudFormation::Stack').find(([, r]) =>
    Object.keys(r.Properties?.Parameters ?? {}).some((p) => Object.keys(routesStack.Parameters ?? {}).includes(p)),
  );
  if (!nestedStack) throw new Error('the main stack does not create the route stack');
  const parameters = nestedStack[1].Properties!.Parameters as Json;

  const paths = new Map<string, string>();
  const pathOf = (resourceId: string): string => {
    if (!paths.has(resourceId)) {
      const props = routesStack.Resources[resourceId]?.Properties;
      if (!props) return ''; // the root (a parameter)
      const [parent] = [...refsOf(props.ParentId)];
      paths.set(resourceId, `${pathOf(parent!)}/${props.PathPart}`);
    }
    return paths.get(resourceId)!;
  };

  return ofType(routesStack, 'AWS::ApiGateway::Method').map(([, r]) => {
    const props = r.Properties!;
    const [resourceId] = [...refsOf(props.ResourceId)];
    const path = pathOf(resourceId!) || '/';
    if (props.Integration?.Type !== 'AWS_PROXY') return { method: props.HttpMethod, path };
    // Uri joins the function's Arn, passed in as a stack parameter that names the main stack's function.
    const parameter = [...refsOf(props.Integration.Uri)].find((ref) => ref in parameters);
    const [functionId] = [...refsOf(parameters[parameter!])];
    return { method: props.HttpMethod, path, area: areaOfFunction.get(functionId!) };
  });
}
