import { AuditActionDefinition } from '@app/platform';

type Data = Record<string, unknown>;
const space = (d: Data) => ({ type: 'space', id: d.spaceId as string });
const changeRequest = (d: Data) => ({ type: 'change-request', id: d.changeRequestId as string });
const users = (ids: unknown) => (Array.isArray(ids) ? ids : [ids]).filter((u): u is string => typeof u === 'string').map((id) => ({ type: 'user', id }));

/** A change request's events target it and relate its space (the space's history shows them). */
const onChangeRequest = (
  event: string,
  action: string,
  label: string,
  more: (d: Data) => Array<{ type: string; id: string }> = () => [],
): AuditActionDefinition => ({
  event,
  action,
  label,
  target: changeRequest,
  related: (d) => [space(d), ...more(d)],
});

/**
 * How the content context's events read as audit events; the organization is the space's.
 * `ChangeRequestNumberReserved` is a counter on the space's content stream, not a change.
 */
export const CONTENT_AUDIT_ACTIONS: AuditActionDefinition[] = [
  { ...onChangeRequest('ChangeRequestCreated', 'change-request.created', 'Change request created'), organizationId: (d) => d.organizationId as string },
  onChangeRequest('ChangeRequestDetailsUpdated', 'change-request.updated', 'Change request updated'),
  onChangeRequest('ChangeRequestContentUpdated', 'change-request.content.updated', 'Change request content updated'),
  onChangeRequest('ChangeRequestUpdatedFromMain', 'change-request.rebased', 'Change request updated from main'),
  onChangeRequest('ChangeRequestStatusChanged', 'change-request.status.updated', 'Change request status updated'),
  onChangeRequest('ChangeRequestMerged', 'change-request.merged', 'Change request merged'),
  onChangeRequest('ChangeRequestReviewersRequested', 'change-request.reviewers.requested', 'Change request reviewers requested', (d) => users(d.users)),
  onChangeRequest('ChangeRequestReviewerRemoved', 'change-request.reviewer.removed', 'Change request reviewer removed', (d) => users(d.userId)),
  onChangeRequest('ChangeRequestReviewSubmitted', 'change-request.review.submitted', 'Change request review submitted', (d) => users(d.reviewer)),
  { event: 'SpaceContentInitialized', action: 'space.content.created', label: 'Space content created', target: space },
  {
    event: 'SpaceContentMerged',
    action: 'space.content.merged',
    label: 'Change request merged into the space',
    target: space,
    related: (d) => [changeRequest(d)],
  },
  { event: 'SpaceContentRevised', action: 'space.content.updated', label: 'Space content replaced', target: space },
  { event: 'SpaceRevisionImported', action: 'space.content.imported', label: 'Space content imported', target: space },
];

/** Appended by content, not changes anyone audits (the space's change request counter). */
export const CONTENT_BOOKKEEPING_EVENTS = ['ChangeRequestNumberReserved'];
