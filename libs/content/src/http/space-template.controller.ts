import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, isPlainObject, Principal } from '@app/platform';
import { ApplyTemplateToSpaceCommand } from '../application/commands/apply-template';
import { GetComputedContentQuery } from '../application/queries/computed-content.query';
import { TemplateInput } from './change-request.bodies';
import { Required, textProblem } from './content.validators';
import { DocumentSchemaParams } from './document.params';

/** Body of applyTemplateToSpace (reference ApplySpaceTemplate: `id`, `params.contentRefs`). */
class ApplySpaceTemplateBody extends TemplateInput {}

/** Body of getComputedDocument / getComputedRevision: a `source` object and the `seed` of generated ids. */
class ComputedContentBody {
  @Required('isObject', (v, f) => (isPlainObject(v) ? null : `${f}: must be an object`)) source!: Record<string, unknown>;
  @Required('isText', (v, f) => textProblem(v, f)) seed!: string;
}

/** Writes to main without a change request (a template on an empty space), and computed content. */
@Controller('spaces/:spaceId/content')
export class SpaceTemplateController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 201 with no body, as the reference answers. */
  @Post('template')
  @HttpCode(201)
  async applyTemplateToSpace(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Body() body: ApplySpaceTemplateBody): Promise<void> {
    await this.commands.execute(
      new ApplyTemplateToSpaceCommand(spaceId, c.userId, { id: body.id, ...(body.params?.contentRefs ? { contentRefs: body.params.contentRefs } : {}) }),
    );
  }

  @Post('computed/document')
  @HttpCode(200)
  getComputedDocument(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Body() body: ComputedContentBody, @Query() _: DocumentSchemaParams) {
    return this.queries.execute(new GetComputedContentQuery(spaceId, c.userId, 'document', body.source, body.seed));
  }

  @Post('computed/revision')
  @HttpCode(200)
  getComputedRevision(@Caller() c: Principal, @Param('spaceId') spaceId: string, @Body() body: ComputedContentBody) {
    return this.queries.execute(new GetComputedContentQuery(spaceId, c.userId, 'revision', body.source, body.seed));
  }
}
