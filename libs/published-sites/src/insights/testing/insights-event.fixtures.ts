import type { InsightsEvent } from '../domain/insights-event';

/** A valid reference event of `type`, with `patch` merged over it (tests only). */
export function sampleEvent(type: InsightsEvent['type'] = 'page_view', patch: Partial<InsightsEvent> & Record<string, unknown> = {}): InsightsEvent {
  const event: InsightsEvent = {
    type,
    session: {
      visitorId: 'visitor-1',
      sessionId: 'session-1',
      cookies: {},
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      language: 'en-GB',
      referrer: null,
    },
    location: {
      url: 'https://docs.example.com/guide/start',
      siteSection: null,
      siteSpace: 'sitesp_1',
      siteShareKey: null,
      space: 'space-1',
      revision: 'rev-1',
      page: 'page-1',
    },
  };
  return { ...event, ...patch };
}
