/** What the storage context publishes to the contexts above it (event names and payloads they may rely on). */
export const StorageEvents = {} as const;
