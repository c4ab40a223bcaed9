import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AsOfPoint, AsOfReaders, NotFound } from '@app/platform';
import { ContentAccess } from '../content-access';
import { ContentAsOf } from './as-of-content';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestView } from './change-request.view';
import { PageFormat } from './page.view';
import { GetRenderedPageQuery } from './rendered-page.query';

/**
 * Who may ask a space's past: whoever may read the space now (the same 404/403 as its GETs), and
 * only for a point at which the space existed, as the spaces context's as-of reader answers (a
 * space created later, or in the bin then, was not found then either).
 */
@Injectable()
export class ContentAsOfAccess {
  constructor(
    private readonly access: ContentAccess,
    private readonly readers: AsOfReaders,
  ) {}

  async check(spaceId: string, userId: string, point: AsOfPoint): Promise<void> {
    await this.access.space(spaceId, userId);
    // undefined: no spaces reader in this composition; then content's own streams decide alone.
    if ((await this.readers.read('space', spaceId, point)) === null) throw new NotFound(`No space with id ${spaceId} as of ${point.label}`);
  }
}

/** GET /spaces/{spaceId}/change-requests/{changeRequestId}?asOf=: the change request as that GET answered then. */
export class GetChangeRequestAsOfQuery extends Query<ChangeRequestView> {
  constructor(
    readonly spaceId: string,
    readonly changeRequestRef: string,
    readonly userId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetChangeRequestAsOfQuery)
export class GetChangeRequestAsOfHandler implements IQueryHandler<GetChangeRequestAsOfQuery> {
  constructor(
    private readonly access: ContentAsOfAccess,
    private readonly views: ChangeRequestViews,
    private readonly asOf: ContentAsOf,
  ) {}
  async execute(q: GetChangeRequestAsOfQuery) {
    await this.access.check(q.spaceId, q.userId, q.point);
    // A number names the same change request at every point (numbers are never reused).
    const { id } = await this.views.find(q.spaceId, q.changeRequestRef);
    const view = await this.asOf.changeRequest(id, q.point, q.spaceId);
    if (!view) throw new NotFound(`No change request ${q.changeRequestRef} in this space as of ${q.point.label}`);
    return view;
  }
}

/** GET /spaces/{spaceId}/content?asOf=: the revision that was main's then. */
export class GetSpaceContentAsOfQuery extends Query<unknown> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly point: AsOfPoint,
  ) {
    super();
  }
}

@QueryHandler(GetSpaceContentAsOfQuery)
export class GetSpaceContentAsOfHandler implements IQueryHandler<GetSpaceContentAsOfQuery> {
  constructor(
    private readonly access: ContentAsOfAccess,
    private readonly asOf: ContentAsOf,
  ) {}
  async execute(q: GetSpaceContentAsOfQuery) {
    await this.access.check(q.spaceId, q.userId, q.point);
    const view = await this.asOf.mainContent(q.spaceId, q.point, true);
    if (!view) throw new NotFound(`No space with id ${q.spaceId} as of ${q.point.label}`);
    return view;
  }
}

/** GET /spaces/{spaceId}/content/page/{pageId}?asOf=: the page in the revision that was main's then. */
export class GetMainPageAsOfQuery extends Query<Record<string, unknown>> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly point: AsOfPoint,
    readonly pageId: string,
    readonly format: PageFormat,
    readonly dereference: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetMainPageAsOfQuery)
export class GetMainPageAsOfHandler implements IQueryHandler<GetMainPageAsOfQuery> {
  constructor(
    private readonly access: ContentAsOfAccess,
    private readonly asOf: ContentAsOf,
    private readonly queries: QueryBus,
  ) {}
  async execute(q: GetMainPageAsOfQuery) {
    await this.access.check(q.spaceId, q.userId, q.point);
    const at = await this.asOf.mainHead(q.spaceId, q.point, true);
    if (!at) throw new NotFound(`No space with id ${q.spaceId} as of ${q.point.label}`);
    // Rendered by the present's page query, pinned to main's revision then (a page it lacked: 404).
    return this.queries.execute(new GetRenderedPageQuery(q.spaceId, { kind: 'main', at }, q.userId, { id: q.pageId }, q.format, q.dereference));
  }
}
