import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { atLeast, highest, Role } from '@app/platform';
import { GetMemberRoleQuery } from '@app/organizations';
import { DefaultLevel, Visibility } from '../domain/space';

export interface SpacePermissions {
  view: boolean; access: boolean; admin: boolean; viewInviteLinks: boolean; edit: boolean;
  triggerGitSync: boolean; comment: boolean; merge: boolean; review: boolean; installIntegration: boolean;
}

/** Flags of the reference Space.permissions derived from one effective role. */
export function spacePermissions(role: Role | null): SpacePermissions {
  return {
    view: atLeast(role, 'read'),
    access: atLeast(role, 'read'),
    admin: atLeast(role, 'admin'),
    viewInviteLinks: atLeast(role, 'admin'),
    edit: atLeast(role, 'edit'),
    triggerGitSync: atLeast(role, 'edit'),
    comment: atLeast(role, 'comment'),
    merge: atLeast(role, 'review'),
    review: atLeast(role, 'review'),
    installIntegration: atLeast(role, 'admin'),
  };
}

/**
 * The caller's effective role on a space: the highest of their organization role and the
 * space's default level (for members); outsiders may read public and unlisted spaces.
 */
@Injectable()
export class SpaceAccess {
  constructor(private readonly queries: QueryBus) {}

  orgRole(organizationId: string, userId: string): Promise<Role | null> {
    return this.queries.execute(new GetMemberRoleQuery(organizationId, userId));
  }

  async roleOn(s: { organizationId: string; visibility: Visibility; defaultLevel: DefaultLevel }, userId: string): Promise<Role | null> {
    const member = await this.orgRole(s.organizationId, userId);
    if (member) return highest(member, s.defaultLevel === 'inherit' ? null : s.defaultLevel);
    return s.visibility === 'public' || s.visibility === 'unlisted' ? 'read' : null;
  }
}
