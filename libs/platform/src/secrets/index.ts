export * from './key-ring';
export * from './secret-file';
export * from './signed-path';
export * from './signing-keys';
export * from './rotate-signing-key.command';
export * from './sealed-ids';
export * from './sealed-secrets';
