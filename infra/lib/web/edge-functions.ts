/**
 * CloudFront Functions (viewer request, cloudfront-js-2.0). Kept as source strings so the tests can
 * run the exact code that ships (infra/test/cdk-config.test.ts, "CloudFront Functions").
 */

/**
 * The console's routes (`/tickets/123`) are not files: serve the SPA shell for any path whose last
 * segment has no extension. Done here and not with CloudFront error pages, which would also turn the
 * API's 403/404 answers into `index.html`.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The REST API is routed on its resource templates (`/users/{id}`), and the console calls it under
 * `/api` on its own origin (first-party refresh cookie): drop the prefix before the request goes on.
 */
export const STRIP_API_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/api(?=\\/|$)/, '') || '/';
  return request;
}`;
