import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BadRequest, Forbidden, NotFound, Principal } from '@app/platform';
import { GetOrganizationQuery } from '@app/organizations';
import { GetSpaceAccessQuery } from '@app/spaces';
import { GetChangeRequestQuery, GetReaderContentQuery } from '@app/content';
import { ImportTarget } from '../domain/import-run.events';

/**
 * The one door to imports. Outsiders get 404 from the organization (existence does not leak);
 * members see the organization's runs; starting or cancelling one needs the edit permission on
 * the target space (spaces decides), and the change request and page it names must exist there.
 * The writes themselves go through content's commands as the user who started the run, so
 * content's own checks apply again when the run writes.
 */
@Injectable()
export class ImportAccess {
  constructor(private readonly queries: QueryBus) {}

  /** 404 unless the caller is a member of the organization. */
  async member(caller: Principal, organizationId: string): Promise<void> {
    await this.queries.execute(new GetOrganizationQuery(organizationId, caller.userId));
  }

  /** The target as `userId` may write it now: 404 for what they cannot see, 403 without edit, 400 for a closed change request. */
  async checkTarget(userId: string, organizationId: string, target: ImportTarget): Promise<void> {
    await this.requireEdit(userId, organizationId, target.space, 'Importing into');
    let revision: string | undefined;
    if (target.changeRequest !== undefined) {
      const cr = await this.changeRequest(target.space, target.changeRequest, userId);
      if (cr.status !== 'open' && cr.status !== 'draft')
        throw new BadRequest(`target.changeRequest: change request ${target.changeRequest} is ${cr.status}; only an open or draft one takes an import`);
      revision = cr.revision;
    }
    if (target.page !== undefined) {
      const content = await this.queries.execute(new GetReaderContentQuery(target.space, revision));
      const page = content.pages.find((p) => p.id === target.page);
      if (!page)
        throw new NotFound(`target.page: no page with id ${target.page} in ${revision ? `change request ${target.changeRequest}` : `space ${target.space}`}`);
      if (page.kind === 'link') throw new BadRequest(`target.page: page ${target.page} is a link; imported pages go under a document or group page`);
    }
  }

  /** The edit permission on a space of the organization (404 when the user cannot see it there). */
  async requireEdit(userId: string, organizationId: string, spaceId: string, action: string): Promise<void> {
    const access = await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId));
    if (!access?.role || access.organizationId !== organizationId)
      throw new NotFound(`target.space: no space with id ${spaceId} in organization ${organizationId}`);
    if (!access.permissions.edit) throw new Forbidden(`${action} space ${spaceId} needs the edit role on it (permission edit); the caller has ${access.role}`);
  }

  private async changeRequest(spaceId: string, changeRequestId: string, userId: string) {
    try {
      return await this.queries.execute(new GetChangeRequestQuery(spaceId, changeRequestId, userId));
    } catch (e) {
      if (e instanceof NotFound) throw new NotFound(`target.changeRequest: no change request ${changeRequestId} in space ${spaceId}`);
      throw e;
    }
  }
}
