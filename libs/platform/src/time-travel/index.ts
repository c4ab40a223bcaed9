export * from './as-of';
export * from './as-of-readers';
