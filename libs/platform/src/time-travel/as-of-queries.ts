import { IQuery, QueryBus } from '@nestjs/cqrs';

/**
 * A QueryBus that answers some queries differently (as of a point in the past) and passes every
 * other to `bus`: handed to a context's own query code (renderers, accessors), it makes that code
 * read the past for the facts it asks other contexts about, unchanged. `route` answers a query
 * it rewrites, or undefined to pass it on.
 */
export function reroutedQueries(bus: QueryBus, route: (query: IQuery) => Promise<unknown> | undefined): QueryBus {
  const rerouted = Object.create(bus) as QueryBus;
  rerouted.execute = (query: IQuery) => route(query) ?? bus.execute(query);
  return rerouted;
}
