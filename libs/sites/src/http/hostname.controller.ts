import { Controller, Delete, Get, HttpCode, Param, Patch, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Caller, Principal, ResourceStream } from '@app/platform';
import { RemoveCustomHostnameCommand, RevalidateCustomHostnameCommand } from '../application/hostname.commands';
import { CustomHostnameView, GetCustomHostnameQuery } from '../application/hostname.queries';
import { hostnameStream } from '../domain/hostname';

/** Reference tag custom-hostnames (site hostnames; the hostname is set on the site itself). */
@Controller('custom-hostnames/:hostname')
export class HostnameController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ResourceStream((_p, body: CustomHostnameView) => hostnameStream(body.target.site))
  get(@Caller() caller: Principal, @Param('hostname') hostname: string) {
    return this.queries.execute(new GetCustomHostnameQuery(caller, hostname));
  }

  /** Checks DNS now (bounded by the resolver's timeout); GET shows the outcome. */
  @Patch()
  @HttpCode(204)
  async revalidate(@Caller() caller: Principal, @Param('hostname') hostname: string): Promise<void> {
    await this.commands.execute(new RevalidateCustomHostnameCommand(caller, hostname));
  }

  @Delete()
  async remove(@Caller() caller: Principal, @Param('hostname') hostname: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { removed } = await this.commands.execute(new RemoveCustomHostnameCommand(caller, hostname));
    res.status(removed ? 205 : 204);
  }
}
