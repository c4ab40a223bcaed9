import { Decider, unreachable } from '../ddd/decider';
import { DomainEvent } from '../ddd/domain-event';

/** A decider as small as they come, for specs of the event-sourcing machinery: a set of items, added once each. */
export type Added = DomainEvent<'Added', { item: string }>;
export type Add = { type: 'Add'; item: string };
export const listDecider: Decider<string[], Add, Added> = {
  initialState: [],
  evolve: (s, e) => [...s, e.data.item],
  decide(c, s) {
    switch (c.type) {
      case 'Add':
        return s.includes(c.item) ? [] : [{ type: 'Added', data: { item: c.item } }];
      default:
        return unreachable(c.type);
    }
  },
};
