import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import {
  CreateTranslationCommand,
  DeleteTranslationCommand,
  RunTranslationCommand,
  TranslationAddress,
  UpdateTranslationCommand,
} from '../application/commands/translation.commands';
import { GetTranslationQuery, ListTranslationsQuery } from '../application/queries/translation.queries';
import { translationStream } from '../domain/translation.events';
import { CreateTranslationBody, instructionsMarkdown, UpdateTranslationBody } from './translation.bodies';

type Params = Record<string, string>;
const at = (caller: Principal, p: Params): TranslationAddress => ({ caller, organizationId: p.organizationId, translationId: p.translationId });

/** The six translation operations of the reference. */
@Controller('orgs/:organizationId/translations')
export class TranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: PageQuery) {
    return this.queries.execute(new ListTranslationsQuery(caller, p.organizationId, q));
  }

  @Post()
  @HttpCode(201)
  async create(@Caller() caller: Principal, @Param() p: Params, @Body() body: CreateTranslationBody) {
    const { translationId } = await this.commands.execute(
      new CreateTranslationCommand(caller, p.organizationId, body.source, body.language, instructionsMarkdown(body.instructions)),
    );
    await this.engine.settle();
    return this.queries.execute(new GetTranslationQuery(caller, p.organizationId, translationId));
  }

  @Get(':translationId')
  @ResourceStream((p) => translationStream(p.translationId))
  get(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetTranslationQuery(caller, p.organizationId, p.translationId));
  }

  @Put(':translationId')
  async update(@Caller() caller: Principal, @Param() p: Params, @Body() body: UpdateTranslationBody) {
    await this.commands.execute(new UpdateTranslationCommand(at(caller, p), instructionsMarkdown(body.instructions)));
    await this.engine.settle();
    return this.queries.execute(new GetTranslationQuery(caller, p.organizationId, p.translationId));
  }

  @Delete(':translationId')
  async remove(@Caller() caller: Principal, @Param() p: Params, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { deleted } = await this.commands.execute(new DeleteTranslationCommand(at(caller, p)));
    res.status(deleted ? 205 : 204);
  }

  /** Asks for a run (204); the run happens in the background: GET shows its status and stats. */
  @Post(':translationId/run')
  @HttpCode(204)
  async run(@Caller() caller: Principal, @Param() p: Params): Promise<void> {
    await this.commands.execute(new RunTranslationCommand(at(caller, p)));
  }
}
