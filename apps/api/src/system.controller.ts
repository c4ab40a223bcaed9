import { Controller, Get } from '@nestjs/common';
import { Public } from '@app/platform';

const pkg = require('../../../package.json') as { version: string };
const BUILD = new Date().toISOString();

/** GET /v1/ — reference getApiInformation; the one route that needs no token. */
@Controller()
export class SystemController {
  @Public()
  @Get()
  info() {
    return { version: pkg.version, build: BUILD };
  }
}
