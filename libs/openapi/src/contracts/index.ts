/** What the openapi context publishes to the contexts above it (event names and payloads they may rely on). */
export const OpenApiEvents = {} as const;
