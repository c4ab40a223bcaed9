import express from 'express';
import request from 'supertest';
import { httpMetrics, methodLabel, routeLabel, statusClass, UNMATCHED_ROUTE } from './metrics-http';
import { Metrics } from './metrics.service';

/** The route label is the template Express matched, never the URL (bounded cardinality). */
describe('HTTP metrics labels', () => {
  const appWith = (metrics: Metrics) => {
    const app = express();
    app.use(httpMetrics(metrics));
    app.get('/v1/spaces/:spaceId', (_req, res) => void res.json({ ok: true }));
    app.patch('/v1/spaces/:spaceId/content/page/:pageId', (_req, res) => void res.status(401).json({ error: { code: 401, message: 'no' } }));
    app.get('/refused', (_req, res) => void res.status(429).end());
    return app;
  };

  it('labels a matched route with its template and an unmatched one as "unmatched"', async () => {
    const metrics = new Metrics();
    const app = appWith(metrics);
    await request(app).get('/v1/spaces/space-42').expect(200);
    await request(app).get('/v1/spaces/space-43').expect(200);
    await request(app).patch('/v1/spaces/s1/content/page/p-secret').expect(401);
    await request(app).get('/v1/no/such/8f2e1c').expect(404);
    const values = (await metrics.httpRequests.get()).values;
    expect(values).toHaveLength(3);
    expect(values.map((v) => v.labels)).toEqual(
      expect.arrayContaining([
        { method: 'PATCH', route: '/v1/spaces/:spaceId/content/page/:pageId', status: '401' },
        { method: 'GET', route: '/v1/spaces/:spaceId', status: '200' },
        { method: 'GET', route: UNMATCHED_ROUTE, status: '404' },
      ]),
    );
    expect(values.find((v) => v.labels.route === '/v1/spaces/:spaceId')?.value).toBe(2);
    const text = await metrics.registry.metrics();
    for (const raw of ['space-42', 'space-43', 'p-secret', '8f2e1c']) expect(text).not.toContain(raw);
  });

  it('times every answer by method, route template and status class', async () => {
    const metrics = new Metrics();
    await request(appWith(metrics)).get('/refused').expect(429);
    const count = (await metrics.httpDuration.get()).values.find((v) => v.metricName === 'docs_api_http_request_duration_seconds_count');
    expect(count).toMatchObject({ labels: { method: 'GET', route: '/refused', status_class: '4xx' }, value: 1 });
  });

  it('maps what it cannot trust to bounded values', () => {
    expect(routeLabel({ route: { path: /x/ } } as never)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ route: { path: '' } } as never)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({} as never)).toBe(UNMATCHED_ROUTE);
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(statusClass(503)).toBe('5xx');
    expect(statusClass(204)).toBe('2xx');
  });
});
