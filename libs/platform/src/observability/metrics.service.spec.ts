import { Metrics } from './metrics.service';

describe('Metrics', () => {
  it('refuses gauges whose labels could carry ids, and names outside the prefix', () => {
    const m = new Metrics();
    expect(() => m.gauge('docs_api_x', 'x', ['spaceId' as never], async () => [])).toThrow(/label spaceId is not one of/);
    expect(() => m.gauge('x_total', 'x', [], async () => [])).toThrow(/names start with docs_api_/);
  });

  it('computes gauges at scrape time; a failing collector reports no value and the scrape goes on', async () => {
    const m = new Metrics();
    let backlog = 3;
    m.gauge('docs_api_backlog', 'b', ['status'], async () => [{ labels: { status: 'pending' }, value: backlog }]);
    m.gauge('docs_api_broken', 'b', [], () => Promise.reject(new Error('store down')));
    m.gauge('docs_api_broken_by_status', 'b', ['status'], () => Promise.reject(new Error('store down')));
    expect(await m.render()).toContain('docs_api_backlog{status="pending"} 3');
    backlog = 5;
    const text = await m.render();
    expect(text).toContain('docs_api_backlog{status="pending"} 5');
    expect(text).toMatch(/^docs_api_broken NaN$/im);
    expect(text).not.toMatch(/^docs_api_broken_by_status\{/m);
    // The default process metrics join at the first scrape.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('computes a shared value once per scrape', async () => {
    const m = new Metrics();
    let calls = 0;
    const shared = m.perScrape(async () => ++calls);
    m.gauge('docs_api_a', 'a', [], async () => [{ value: await shared() }]);
    m.gauge('docs_api_b', 'b', [], async () => [{ value: await shared() }]);
    await m.render();
    expect(calls).toBe(1);
    await m.render();
    expect(calls).toBe(2);
  });
});
