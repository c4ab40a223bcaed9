import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ResourceStream } from '@app/platform';
import { ExportToGitCommand } from '../application/commands/export-to-git';
import { RemoveLegacyInstallationCommand } from '../application/commands/remove-legacy-installation';
import { RequestGitImportCommand } from '../application/commands/request-git-import';
import { GetGitInfoQuery } from '../application/queries/get-git-info.query';
import { gitSyncStream } from '../domain/git-sync.events';
import { ExportToGitRepositoryBody, ImportGitRepositoryBody } from './git-sync.bodies';

/** The four space-git operations of the reference (importGitRepository, exportToGitRepository, getSpaceGitInfo, deleteLegacyGitInstallation). */
@Controller('spaces/:spaceId/git')
export class GitSyncController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 204 once the import is recorded; it runs in the background (saga + durable timer). */
  @Post('import')
  @HttpCode(204)
  async import(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Body() body: ImportGitRepositoryBody): Promise<void> {
    await this.commands.execute(new RequestGitImportCommand(spaceId, caller.userId, body));
  }

  /** 204 once the commit is pushed (or nothing changed, or the export was older than the last operation). */
  @Post('export')
  @HttpCode(204)
  async export(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Body() body: ExportToGitRepositoryBody): Promise<void> {
    await this.commands.execute(new ExportToGitCommand(spaceId, caller.userId, body));
  }

  @Get('info')
  @ResourceStream((p) => gitSyncStream(p.spaceId))
  info(@Caller() caller: Principal, @Param('spaceId') spaceId: string) {
    return this.queries.execute(new GetGitInfoQuery(spaceId, caller.userId));
  }

  @Delete('legacy-installation')
  async removeLegacy(@Caller() caller: Principal, @Param('spaceId') spaceId: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { removed } = await this.commands.execute(new RemoveLegacyInstallationCommand(spaceId, caller.userId));
    res.status(removed ? 205 : 204);
  }
}
