import type { IncomingMessage, ServerResponse } from 'http';
import type { Metrics } from './metrics.service';

/** The label of a request no route answered (404s, refusals before routing, probes of junk). */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request: the template Express matched (`/v1/spaces/:spaceId`, the prefix
 * included, as Nest registers it), never the URL, which carries ids and signed tokens.
 */
export function routeLabel(req: IncomingMessage & { route?: unknown }): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && path ? path : UNMATCHED_ROUTE;
}

/** Node accepts some thirty methods; the rare ones share a label. */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'OTHER');

export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Counts and times every response once it is sent. Installed before the load shedder, so its
 * 503s are counted too, as are the 401s, 404s and 429s answered before any route runs. The
 * labels are read at the end, when Express has recorded the route that matched.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const method = methodLabel(req.method);
      const route = routeLabel(req);
      metrics.httpRequests.inc({ method, route, status: String(res.statusCode) });
      metrics.httpDuration.observe({ method, route, status_class: statusClass(res.statusCode) }, seconds);
    });
    next();
  };
}
