/**
 * Matches a request path against the manifest's HTTP routes the way API Gateway picks a resource:
 * literal segments beat `{param}` segments (`/users/list` wins over `/users/{id}`).
 */
import type { HttpRouteSpec } from '@atende/functions/manifest';

export type RouteMatch =
  | { kind: 'route'; route: HttpRouteSpec; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

interface CompiledRoute {
  route: HttpRouteSpec;
  segments: string[];
  literalCount: number;
}

const splitPath = (path: string) => path.split('/').filter(Boolean);
const paramName = (segment: string) => (segment.startsWith('{') && segment.endsWith('}') ? segment.slice(1, -1) : undefined);

export function routeMatcher(routes: HttpRouteSpec[]): (method: string, path: string) => RouteMatch {
  const compiled: CompiledRoute[] = routes
    .map((route) => {
      const segments = splitPath(route.path);
      return { route, segments, literalCount: segments.filter((s) => !paramName(s)).length };
    })
    // Most specific first, so the first template that matches the path is the one API Gateway would pick.
    .sort((a, b) => b.literalCount - a.literalCount);

  return (method, path) => {
    const parts = splitPath(path);
    let templateFound: string | undefined;
    for (const candidate of compiled) {
      if (templateFound && candidate.route.path !== templateFound) continue;
      const pathParameters = matchSegments(candidate.segments, parts);
      if (!pathParameters) continue;
      templateFound = candidate.route.path;
      if (candidate.route.method === method) return { kind: 'route', route: candidate.route, pathParameters };
    }
    return templateFound ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  };
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
  if (template.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const name = paramName(template[i]!);
    if (name) params[name] = safeDecode(parts[i]!);
    else if (template[i] !== parts[i]) return undefined;
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
