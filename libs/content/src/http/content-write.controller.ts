import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, Principal, ProjectionEngine, Urls } from '@app/platform';
import { UpdateChangeRequestContentCommand } from '../application/commands/update-change-request-content';
import { GetChangeRequestQuery } from '../application/queries/change-request.queries';
import { ContentReader } from '../application/queries/content-reader';
import { ContentChangesBody, contentChangesOf } from './content-changes.body';
import { CompatParams } from './query-params';
import { reusableContentView } from '../application/queries/reusable-content.view';

/** POST …/change-requests/{changeRequestId}/content (reference 0.202 updateChangeRequestContent). */
@Controller('spaces/:spaceId/change-requests/:changeRequestId/content')
export class ContentWriteController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
    private readonly urls: Urls,
    private readonly reader: ContentReader,
  ) {}

  @Post()
  @HttpCode(200)
  async update(
    @Caller() c: Principal,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') ref: string,
    @Body() body: ContentChangesBody,
    @Query() q: CompatParams,
  ) {
    const { changes, blobs } = await contentChangesOf(body);
    const result = await this.commands.execute(new UpdateChangeRequestContentCommand(spaceId, ref, c.userId, changes, blobs));
    await this.engine.settle();
    const changeRequest = await this.queries.execute(new GetChangeRequestQuery(spaceId, result.changeRequestId, c.userId));
    if (q.compat !== 'false') return changeRequest;
    const pageRef = (id: string) => ({
      object: 'page' as const,
      id,
      urls: { location: this.urls.api(`/spaces/${spaceId}/change-requests/${result.changeRequestId}/content/page/${id}`) },
    });
    return {
      changeRequest,
      changes: result.outcomes.map((o) =>
        o.object === 'deleted_page' ? o : { object: o.object, ...('ref' in o && o.ref !== undefined ? { ref: o.ref } : {}), page: pageRef(o.page) },
      ),
      insertedFiles: await Promise.all(result.insertedFiles.map((f) => this.reader.fileView(spaceId, f))),
      // Extension (the reusable-content operations are one): what they created, as RevisionReusableContent.
      ...(result.insertedReusables.length ? { insertedReusableContents: result.insertedReusables.map(reusableContentView) } : {}),
    };
  }
}
