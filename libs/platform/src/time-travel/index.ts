export * from './as-of';
export * from './as-of-readers';
export * from './as-of-resolver';
export * from './as-of-events';
export * from './as-of-queries';
export * from './as-of.params';
export * from './memory-read-store';
