import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { Caller, PageQuery, Principal, ProjectionEngine, ResourceStream } from '@app/platform';
import { CancelImportRunCommand } from '../application/commands/cancel-import-run.command';
import { StartImportRunCommand } from '../application/commands/start-import-run.command';
import { GetImportRunQuery, ImportRunFilter, ListImportRunsQuery } from '../application/queries/import-run.queries';
import { importRunStream } from '../domain/import-run.events';
import { StartImportRunBody } from './import.bodies';

type Params = Record<string, string>;

export class ImportRunListQuery extends PageQuery {
  @IsOptional() @IsString() space?: string;
  @IsOptional() @IsString() changeRequest?: string;
  @IsOptional() @IsIn(['active', 'pending', 'in-progress', 'completed', 'failed', 'cancelled']) status?: ImportRunFilter['status'];
}

/**
 * The imports area: startImportRun and cancelImportRun (the contract), and getImportRun and
 * listImportRuns from the newer reference, to follow a run that happens in the background.
 */
@Controller('org/:organizationId/imports')
export class ImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: ImportRunListQuery) {
    const { space, changeRequest, status, ...page } = q;
    return this.queries.execute(new ListImportRunsQuery(caller, p.organizationId, { space, changeRequest, status }, page));
  }

  /** 201 with the run (pending); the saga carries it out: GET shows its status and counts. */
  @Post()
  @HttpCode(201)
  async start(@Caller() caller: Principal, @Param() p: Params, @Body() body: StartImportRunBody) {
    const { importRunId } = await this.commands.execute(new StartImportRunCommand(caller, p.organizationId, body.source, body.target));
    await this.engine.settle();
    return this.queries.execute(new GetImportRunQuery(caller, p.organizationId, importRunId));
  }

  @Get(':importRunId')
  @ResourceStream((p) => importRunStream(p.importRunId))
  get(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetImportRunQuery(caller, p.organizationId, p.importRunId));
  }

  /** 201 with the run, cancelled (the reference's answer); cancelling a cancelled run again answers the same. */
  @Post(':importRunId/cancel')
  @HttpCode(201)
  async cancel(@Caller() caller: Principal, @Param() p: Params) {
    await this.commands.execute(new CancelImportRunCommand(caller, p.organizationId, p.importRunId));
    await this.engine.settle();
    return this.queries.execute(new GetImportRunQuery(caller, p.organizationId, p.importRunId));
  }
}
