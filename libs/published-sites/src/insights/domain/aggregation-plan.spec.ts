import { AggregationRequest, planAggregation, rangeBounds } from './aggregation-plan';
import { emptyRow, toColumns } from './aggregation-result';
import { shareKeyDigest } from './record-event';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const plan = (req: Partial<AggregationRequest>) => planAggregation({ range: 'last30Days', ...req }, NOW);

describe('planAggregation: the reference query as a store plan', () => {
  it('ranges: presets end now; a custom range is taken as given, from after to is refused', () => {
    expect(rangeBounds('last24Hours', NOW)).toEqual({ from: NOW.getTime() - 86_400_000, to: NOW.getTime() });
    expect(rangeBounds('last7Days', NOW).from).toBe(Date.parse('2026-02-22T10:00:00.000Z'));
    expect(rangeBounds('last30Days', NOW).from).toBe(Date.parse('2026-01-30T10:00:00.000Z'));
    expect(rangeBounds('last3Months', NOW).from).toBe(Date.parse('2025-12-01T10:00:00.000Z'));
    expect(rangeBounds('lastYear', NOW).from).toBe(Date.parse('2025-03-01T10:00:00.000Z'));
    expect(rangeBounds({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }, NOW)).toEqual({
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: Date.parse('2026-01-02T00:00:00Z'),
    });
    expect(() => rangeBounds({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, NOW)).toThrow('range.from: must not be after range.to');
  });

  it('without groupBy, the selected dimensions are the groups; without select, the events are counted', () => {
    const p = plan({ select: [{ column: 'datetime', interval: 'hour' }, { column: 'eventsCount' }, { column: 'visitorsCount' }] });
    expect(p.groupBy).toEqual([{ source: 'datetime', interval: 'hour' }]);
    expect(p.metrics).toEqual(['events', 'visitors']);
    expect(plan({}).metrics).toEqual(['events']);
    expect(plan({}).groupBy).toEqual([]);
    expect(plan({ select: [{ column: 'datetime' }] }).groupBy).toEqual([{ source: 'datetime', interval: 'day' }]);
    expect(plan({}).limit).toBe(1000);
  });

  it('a selected dimension must be grouped; a metric cannot be grouped by; a group is given once', () => {
    expect(() => plan({ select: [{ column: 'url' }], groupBy: [{ column: 'page' }] })).toThrow('select[0]: url must also be in groupBy');
    expect(() => plan({ select: [{ column: 'datetime', interval: 'hour' }], groupBy: [{ column: 'datetime', interval: 'day' }] })).toThrow(
      'select[0]: datetime must also be in groupBy',
    );
    expect(() => plan({ groupBy: [{ column: 'eventsCount' }] })).toThrow('groupBy[0].column: eventsCount is an aggregate and cannot be grouped by');
    expect(() => plan({ groupBy: [{ column: 'url' }, { column: 'url' }] })).toThrow('groupBy[1]: url is given twice');
    expect(() => plan({ select: [{ column: 'visitorClaim', claim: 'plan' }], groupBy: [{ column: 'visitorClaim', claim: 'role' }] })).toThrow(
      'select[0]: visitorClaim must also be in groupBy',
    );
  });

  it('filters: dimensions filter events, counts filter groups; comparisons take one value and need an ordered column', () => {
    const p = plan({
      where: [
        { column: 'eventType', values: ['page_view'] },
        { column: 'eventsCount', operator: 'greaterThan', values: [2] },
        { column: 'datetime', operator: 'lessThan', values: ['2026-02-01T00:00:00.000Z'] },
      ],
    });
    expect(p.filters).toEqual([
      { dimension: { source: 'field', field: 'type' }, operator: 'in', values: ['page_view'] },
      { dimension: { source: 'datetime', interval: null }, operator: 'lessThan', values: [Date.parse('2026-02-01T00:00:00.000Z')] },
    ]);
    expect(p.having).toEqual([{ metric: 'events', operator: 'greaterThan', values: [2] }]);
    expect(() => plan({ where: [{ column: 'eventsCount', operator: 'lessThan', values: [1, 2] }] })).toThrow(
      'where[0].values: lessThan takes exactly one value',
    );
    expect(() => plan({ where: [{ column: 'page', operator: 'greaterThan', values: [null] }] })).toThrow(
      'where[0].operator: page can only be filtered with in or notIn',
    );
    expect(() => plan({ where: [{ column: 'pageFeedbackRating', values: [] }] })).toThrow('where[0].column: pageFeedbackRating cannot be filtered');
    const many = Array.from({ length: 1000 }, (_, i) => `v${i}`);
    expect(() => plan({ where: Array.from({ length: 11 }, () => ({ column: 'url' as const, values: many })) })).toThrow(
      'where: at most 10000 values in all (11000 given)',
    );
  });

  it('filter values are compared as stored: URLs without query, share keys also digested, link targets canonical, "" bot as null', () => {
    const p = plan({
      where: [
        { column: 'url', values: ['https://d.example/a?shareKey=k'] },
        { column: 'siteShareKey', values: ['KEY'] },
        { column: 'eventLinkTargetValue', values: [{ url: 'https://x', kind: 'url' }] },
        { column: 'visitorBot', values: [''] },
        { column: 'page', values: [{ page: 'p', space: 's' }, null] },
      ],
    });
    expect(p.filters.map((f) => f.values)).toEqual([
      ['https://d.example/a'],
      ['KEY', shareKeyDigest('KEY')],
      ['{"kind":"url","url":"https://x"}'],
      [null],
      [{ space: 's', page: 'p' }, null],
    ]);
  });

  it('event-specific columns keep only the events that carry them (and none when two disagree)', () => {
    expect(plan({ groupBy: [{ column: 'eventSearchQuery' }] }).types).toEqual(['search_type_query', 'search_open_result']);
    expect(plan({ where: [{ column: 'eventLinkPosition', values: ['header'] }] }).types).toEqual(['link_click']);
    expect(plan({ groupBy: [{ column: 'eventSearchQuery' }, { column: 'eventAdDomain' }] }).types).toEqual([]);
    expect(plan({ groupBy: [{ column: 'url' }] }).types).toBeNull();
    expect(plan({ groupBy: [{ column: 'eventLinkTargetKind' }] }).filters).toEqual([
      { dimension: { source: 'field', field: 'linkKind' }, operator: 'notIn', values: [null] },
    ]);
  });

  it('order: by a group or a count; an object metric or an ungrouped dimension is refused', () => {
    expect(plan({ groupBy: [{ column: 'url' }], order: { by: { column: 'visitorsCount' }, direction: 'desc' } }).order).toEqual([
      { key: { metric: 'visitors' }, direction: 'desc' },
    ]);
    expect(plan({ groupBy: [{ column: 'url' }, { column: 'page' }], order: { by: { column: 'page' }, direction: 'asc' } }).order).toEqual([
      { key: { group: 1 }, direction: 'asc' },
    ]);
    expect(plan({ groupBy: [{ column: 'url' }], order: { by: { column: 'visitorsCount' }, direction: 'asc' } }).metrics).toContain('visitors');
    expect(() => plan({ order: { by: { column: 'url' }, direction: 'asc' } })).toThrow('order.by: url must be in groupBy');
    expect(() => plan({ order: { by: { column: 'pageFeedbackRating' }, direction: 'asc' } })).toThrow('order.by: cannot order by pageFeedbackRating');
  });
});

describe('toColumns: rows as the reference columns', () => {
  it('one column per selected column, values aligned by row; times as ISO, link targets as objects, visitorClaim with its claim', () => {
    const req: AggregationRequest = {
      range: 'last7Days',
      select: [{ column: 'datetime' }, { column: 'visitorClaim', claim: 'plan' }, { column: 'eventsCount' }, { column: 'pageFeedbackRating' }],
    };
    const rows = [
      { groups: [Date.parse('2026-02-27T00:00:00Z'), 'pro'], metrics: { events: 3, feedback: { ok: 1, good: 1, bad: 0 } } },
      { groups: [Date.parse('2026-02-28T00:00:00Z'), ''], metrics: { events: 1, feedback: { ok: 0, good: 0, bad: 1 } } },
    ];
    expect(toColumns(req, rows).columns).toEqual([
      { column: 'datetime', values: ['2026-02-27T00:00:00.000Z', '2026-02-28T00:00:00.000Z'] },
      { column: 'visitorClaim', claim: 'plan', values: ['pro', ''] },
      { column: 'eventsCount', values: [3, 1] },
      {
        column: 'pageFeedbackRating',
        values: [
          { ok: 1, good: 1, bad: 0 },
          { ok: 0, good: 0, bad: 1 },
        ],
      },
    ]);
    expect(
      toColumns({ range: 'last7Days', groupBy: [{ column: 'eventLinkTargetValue' }] }, [{ groups: ['{"kind":"page","page":"p"}'], metrics: { events: 2 } }])
        .columns,
    ).toEqual([
      { column: 'eventLinkTargetValue', values: [{ kind: 'page', page: 'p' }] },
      { column: 'eventsCount', values: [2] },
    ]);
    expect(toColumns({ range: 'last7Days' }, [emptyRow(['events'])]).columns).toEqual([{ column: 'eventsCount', values: [0] }]);
  });
});
