import { IsDefined } from 'class-validator';
import { IfPresent, Satisfies } from '@app/platform';
import { aggregationFieldProblems, eventsProblem } from '../application/insights-validation';

/** Body of trackEventsInSiteById: `{events}`, each a reference SiteInsightsEvent (insights-event.schema.ts). */
export class TrackEventsBody {
  @IsDefined({ message: 'events: is required' })
  @Satisfies('insightsEvents', eventsProblem)
  events!: unknown[];
}

const field = (name: string) => Satisfies(`insights.${name}`, aggregationFieldProblems[name]);

/** Body of aggregateSiteEvents: the reference SiteInsightsQueryEventsAggregation (insights-query.schema.ts). */
export class AggregateEventsBody {
  @IfPresent()
  @field('select')
  select?: unknown[];

  @IfPresent()
  @field('where')
  where?: unknown[];

  @IfPresent()
  @field('groupBy')
  groupBy?: unknown[];

  @IfPresent()
  @field('order')
  order?: unknown;

  @IsDefined({ message: 'range: is required' })
  @field('range')
  range!: unknown;

  @IfPresent()
  @field('limit')
  limit?: number;
}
