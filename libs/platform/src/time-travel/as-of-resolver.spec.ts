import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import { ManualClock } from '../clock/clock';
import { BadRequest } from '../ddd/errors';
import { ResolveAuditEventQuery } from './as-of';
import { AsOfResolver } from './as-of-resolver';

const EVENT = '4b7e1f52-8a8e-4c1e-9f55-0b6f3f2f9a10';

function resolverWith(answer: (q: ResolveAuditEventQuery) => unknown) {
  const bus = { execute: async (q: ResolveAuditEventQuery) => answer(q) } as unknown as QueryBus;
  return new AsOfResolver(bus, new ManualClock('2026-03-05T12:00:00.000Z'));
}
const headers = () => {
  const set: Record<string, string> = {};
  return { set, res: { setHeader: (k: string, v: string) => ((set[k] = v), undefined) } as never };
};

describe('AsOfResolver', () => {
  it('answers undefined without the parameter, and sets no header', async () => {
    const h = headers();
    expect(await resolverWith(() => null).resolve(undefined, h.res)).toBeUndefined();
    expect(h.set).toEqual({});
  });

  it('turns an instant into a normalised point and echoes it in X-As-Of', async () => {
    const h = headers();
    const point = await resolverWith(() => null).resolve('2026-03-03T01:00:00+01:00', h.res);
    expect(point).toEqual({ label: '2026-03-03T00:00:00.000Z', instant: '2026-03-03T00:00:00.000Z' });
    expect(h.set).toEqual({ 'X-As-Of': '2026-03-03T00:00:00.000Z' });
  });

  it('turns an audit event id into the position just after it', async () => {
    const h = headers();
    const point = await resolverWith((q) => (q.eventId === EVENT ? { position: 42, occurredAt: '2026-03-01T00:00:00.000Z' } : null)).resolve(EVENT, h.res);
    expect(point).toEqual({ label: EVENT, position: 42 });
    expect(h.set).toEqual({ 'X-As-Of': EVENT });
  });

  it.each([
    ['malformed', 'last tuesday', /^asOf: must be an ISO 8601 instant or an audit event id$/],
    ['in the future', '2026-03-06T00:00:00Z', /^asOf: must not be in the future$/],
    ['an unknown event id', EVENT, /^asOf: no audit event with id /],
  ])('answers 400 naming asOf when %s', async (_, raw, message) => {
    const err = await resolverWith(() => null)
      .resolve(raw)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequest);
    expect((err as Error).message).toMatch(message);
  });

  it('treats an event id as unknown when no audit context answers the query', async () => {
    const resolver = resolverWith(() => {
      throw new QueryHandlerNotFoundException('ResolveAuditEventQuery');
    });
    await expect(resolver.resolve(EVENT)).rejects.toThrow(/^asOf: no audit event/);
  });
});
