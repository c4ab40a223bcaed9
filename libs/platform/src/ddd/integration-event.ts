import { RecordedEvent } from '../event-store/event-store.port';

/**
 * An event a context publishes for others in its `contracts/`: a stable type name and the
 * payload fields others may rely on (the stored event may carry more). Consumers match on the
 * published name and read only the published fields.
 */
export type IntegrationEvent<T extends string, P> = RecordedEvent<P> & { type: T };

/** Narrows a recorded event to a published integration event by its type name. */
export const isIntegrationEvent = <T extends string, P>(e: RecordedEvent, type: T): e is IntegrationEvent<T, P> => e.type === type;
