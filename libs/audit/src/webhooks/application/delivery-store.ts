import { createLaneReadStore, PlatformConfig, ReadStore } from '@app/platform';

/** The lane (a worker thread of its own, see apps/api lane threads) that dispatches and sends webhook deliveries. */
export const WEBHOOK_LANE = 'webhooks';

/** The read store of the dispatcher's endpoints and deliveries (a file of its own when embedded: createLaneReadStore). */
export abstract class DeliveryStore extends ReadStore {}

export const deliveryStoreProvider = {
  provide: DeliveryStore,
  useFactory: (config: PlatformConfig, reads: ReadStore) => createLaneReadStore(config, WEBHOOK_LANE, reads),
  inject: [PlatformConfig, ReadStore],
};

/**
 * Whether this thread dispatches and sends: the webhook lane's thread, or the process that runs
 * workers when WEBHOOK_DELIVERY=inline. Everywhere else the deliveries are only read.
 */
export const deliversHere = (c: PlatformConfig): boolean => c.lane === WEBHOOK_LANE || (c.lane === null && c.runWorkers && c.webhookDelivery === 'inline');
