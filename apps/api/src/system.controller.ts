import { Controller, Get } from '@nestjs/common';
import { Public } from '@app/platform';

import * as fs from 'fs';
import * as path from 'path';

/** package.json of the repository, found from the sources (tests) and from dist/ (npm start). */
function packageVersion(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '0.0.0';
}
const VERSION = packageVersion();
const BUILD = new Date().toISOString();

/** GET /v1/ — reference getApiInformation; the one route that needs no token. */
@Controller()
export class SystemController {
  @Public()
  @Get()
  info() {
    return { version: VERSION, build: BUILD };
  }
}
