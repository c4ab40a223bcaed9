import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, ListResponse, PageQuery, paginate, Principal, ReadStore, Urls } from '@app/platform';
import { ImportRunNotFound } from '../../domain/import-rules';
import { ImportAccess } from '../import-access';
import { ImportRunView, toImportRunView } from './import-run.view';
import { IMPORT_RUNS, ImportRunDoc } from './import-runs.projection';

/** getImportRun (newer reference): any member of the organization; 404 for another organization's run. */
export class GetImportRunQuery extends Query<ImportRunView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly importRunId: string,
  ) {
    super();
  }
}

@QueryHandler(GetImportRunQuery)
export class GetImportRunHandler implements IQueryHandler<GetImportRunQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ImportAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, importRunId }: GetImportRunQuery) {
    await this.access.member(caller, organizationId);
    const doc = await this.store.get<ImportRunDoc>(IMPORT_RUNS, importRunId);
    if (!doc || doc.organizationId !== organizationId) throw new ImportRunNotFound(importRunId);
    return toImportRunView(doc, this.urls);
  }
}

export interface ImportRunFilter {
  space?: string;
  changeRequest?: string;
  status?: 'active' | ImportRunDoc['status'];
}

/** listImportRuns (newer reference): the organization's runs, most recent first, optionally by target space, change request or status. */
export class ListImportRunsQuery extends Query<ListResponse<ImportRunView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly filter: ImportRunFilter,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListImportRunsQuery)
export class ListImportRunsHandler implements IQueryHandler<ListImportRunsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: ImportAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, filter, page }: ListImportRunsQuery) {
    await this.access.member(caller, organizationId);
    const where: Filter = { organizationId };
    if (filter.space !== undefined) where['target.space'] = filter.space;
    if (filter.changeRequest !== undefined) where['target.changeRequest'] = filter.changeRequest;
    if (filter.status === 'active') where.status = { $in: ['pending', 'in-progress'] };
    else if (filter.status !== undefined) where.status = filter.status;
    return paginate<ImportRunDoc, ImportRunView>(this.store, IMPORT_RUNS, where, [['seq', -1]], page, (d) => toImportRunView(d, this.urls));
  }
}
