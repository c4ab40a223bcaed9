export * from './invalidating-cache';
