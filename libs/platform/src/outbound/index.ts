export * from './network-guard';
export * from './outbound-http';
export type { OutboundFailure, OutboundFailureKind } from './outbound-failure';
