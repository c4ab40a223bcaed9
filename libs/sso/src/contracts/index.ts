/** What the sso context publishes to the contexts above it (event names and payloads they may rely on). */
export const SsoEvents = {} as const;
export * from './audit-actions';
