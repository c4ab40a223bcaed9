import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { ChangeSpecVisibilityCommand, CreateSpecCommand, DeleteSpecCommand, PutSpecCommand, SpecAddress } from '../application/commands/spec.commands';
import { GetSpecQuery, ListSpecsQuery } from '../application/queries/spec.queries';
import { GetSpecVersionContentQuery, GetSpecVersionQuery, ListSpecVersionsQuery } from '../application/queries/version.queries';
import { specStream } from '../domain/openapi-spec.events';
import { canonicalSlug } from '../domain/spec-rules';
import { CreateSpecBody, PatchSpecBody, PutSpecBody } from './openapi.bodies';

type Params = Record<string, string>;
const at = (caller: Principal, p: Params, slug = p.specSlug): SpecAddress => ({ caller, organizationId: p.organizationId, slug: canonicalSlug(slug) });
/** Every representation of a spec (and of its versions) is versioned by the spec's stream. */
const specOf = (p: Params) => specStream(p.organizationId, canonicalSlug(p.specSlug));
const slugOf = (p: Params) => canonicalSlug(p.specSlug);

/** The six OpenAPI spec operations and the five version operations of the reference. */
@Controller('orgs/:organizationId/openapi')
export class OpenApiController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: PageQuery) {
    return this.queries.execute(new ListSpecsQuery(caller, p.organizationId, q));
  }

  @Post()
  @HttpCode(201)
  async create(@Caller() caller: Principal, @Param() p: Params, @Body() body: CreateSpecBody) {
    await this.commands.execute(new CreateSpecCommand(at(caller, p, body.slug), body.source));
    await this.engine.settle();
    return this.queries.execute(new GetSpecQuery(caller, p.organizationId, canonicalSlug(body.slug)));
  }

  @Get(':specSlug')
  @ResourceStream(specOf)
  get(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetSpecQuery(caller, p.organizationId, slugOf(p)));
  }

  @Put(':specSlug')
  async put(@Caller() caller: Principal, @Param() p: Params, @Body() body: PutSpecBody, @Res({ passthrough: true }) res: Response) {
    const { created } = await this.commands.execute(new PutSpecCommand(at(caller, p), body.source));
    await this.engine.settle();
    res.status(created ? 201 : 200);
    return this.queries.execute(new GetSpecQuery(caller, p.organizationId, slugOf(p)));
  }

  @Patch(':specSlug')
  async patch(@Caller() caller: Principal, @Param() p: Params, @Body() body: PatchSpecBody) {
    await this.commands.execute(new ChangeSpecVisibilityCommand(at(caller, p), body.visibility));
    await this.engine.settle();
    return this.queries.execute(new GetSpecQuery(caller, p.organizationId, slugOf(p)));
  }

  @Delete(':specSlug')
  async remove(@Caller() caller: Principal, @Param() p: Params, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteSpecCommand(at(caller, p)));
    res.status(deleted ? 205 : 204);
  }

  @Get(':specSlug/versions')
  versions(@Caller() caller: Principal, @Param() p: Params, @Query() q: PageQuery) {
    return this.queries.execute(new ListSpecVersionsQuery(caller, p.organizationId, slugOf(p), q));
  }

  // `latest` before `:versionId` (express matches in order); a version id is never "latest".
  @Get(':specSlug/versions/latest')
  @ResourceStream(specOf)
  latest(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetSpecVersionQuery(caller, p.organizationId, slugOf(p), 'latest'));
  }

  @Get(':specSlug/versions/latest/content')
  @ResourceStream(specOf)
  latestContent(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetSpecVersionContentQuery(caller, p.organizationId, slugOf(p), 'latest'));
  }

  @Get(':specSlug/versions/:versionId')
  @ResourceStream(specOf)
  version(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetSpecVersionQuery(caller, p.organizationId, slugOf(p), p.versionId));
  }

  @Get(':specSlug/versions/:versionId/content')
  @ResourceStream(specOf)
  versionContent(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetSpecVersionContentQuery(caller, p.organizationId, slugOf(p), p.versionId));
  }
}
