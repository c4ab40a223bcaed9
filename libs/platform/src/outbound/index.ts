export * from './network-guard';
export * from './outbound-http';
export * from './outbound-url.check';
export type { OutboundFailure, OutboundFailureKind } from './outbound-failure';
