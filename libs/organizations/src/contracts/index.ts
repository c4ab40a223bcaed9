import { Query } from '@nestjs/cqrs';
import type { AsOfPoint } from '@app/platform';

/** What the organizations context publishes to the contexts above it (`@app/organizations/contracts`). */
export const OrganizationEvents = {
  /** An admin changed settings; `changes.hostname` is the organization's subdomain (payload: OrganizationUpdatedPayload). */
  OrganizationUpdated: 'OrganizationUpdated',
  /** A team exists in an organization. */
  TeamCreated: 'TeamCreated',
  /** A team was deleted: grants given to it must go. */
  TeamDeleted: 'TeamDeleted',
} as const;

/** Only the fields that changed are in `changes`; others may rely on `hostname` (the subdomain, 3..32). */
export interface OrganizationUpdatedPayload {
  organizationId: string;
  changes: { hostname?: string };
  updatedAt: string;
}

export interface TeamCreatedPayload {
  organizationId: string;
  teamId: string;
  title: string;
  createdAt: string;
}

export interface TeamDeletedPayload {
  organizationId: string;
  teamId: string;
  deletedAt: string;
}

/*
 * What the organizations context needs from the contexts above it, asked through the QueryBus.
 * Organizations declares these queries; the context that owns the facts (spaces) registers the
 * handlers and answers from its own read models. Organizations never reads their events.
 */

/** Of `userIds`, how many spaces each holds an explicit grant on in the organization (0 when none). */
export class CountMemberSpacesQuery extends Query<Map<string, number>> {
  constructor(
    readonly organizationId: string,
    readonly userIds: string[],
  ) {
    super();
  }
}

/** Of `teamIds`, how many distinct spaces are granted to each team (0 when none). */
export class CountTeamSpacesQuery extends Query<Map<string, number>> {
  constructor(readonly teamIds: string[]) {
    super();
  }
}

/** CountMemberSpacesQuery as the grants were at a point in the past (time travel). */
export class CountMemberSpacesAsOfQuery extends Query<Map<string, number>> {
  constructor(
    readonly organizationId: string,
    readonly userIds: string[],
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

/** CountTeamSpacesQuery as the grants were at a point in the past (time travel). */
export class CountTeamSpacesAsOfQuery extends Query<Map<string, number>> {
  constructor(
    readonly teamIds: string[],
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

/** Whether `siteId` is a live site of the organization (answered by the sites context, which keeps sites). */
export class IsOrganizationSiteQuery extends Query<boolean> {
  constructor(
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

/** Content an organization may point at (its default content) that the spaces context keeps. */
export type OrganizationContentKind = 'space' | 'collection';

/**
 * Whether `id` is live content of the organization: a space that is not deleted (in its restore
 * window or purged) or a collection that exists, of that organization.
 */
export class IsOrganizationContentQuery extends Query<boolean> {
  constructor(
    readonly organizationId: string,
    readonly kind: OrganizationContentKind,
    readonly id: string,
  ) {
    super();
  }
}
export * from './audit-actions';
