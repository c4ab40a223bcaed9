import { IsString } from 'class-validator';
import { IfPresent, Satisfies } from '@app/platform';
import { Headers, headersProblem } from '../domain/mcp-server-headers';

/** Lengths and the URL's form are the decider's rules (domain/mcp-server.ts); header rules are in mcp-server-headers.ts. */
const NAME = { message: '$property: must be a string of 1 to 100 characters' };
const URL = { message: '$property: must be an absolute http(s) URL of at most 2048 characters' };

/** Body of createSiteMcpServer: `{name, url, headers?}`. */
export class CreateMcpServerBody {
  @IsString(NAME)
  name!: string;

  @IsString(URL)
  url!: string;

  @IfPresent()
  @Satisfies('isHeaders', (v, f) => headersProblem(v, f))
  headers?: Headers;
}

/** Body of updateSiteMcpServerById: any of `{name, url, headers}`; `headers` replaces the map ("********" keeps a value). */
export class UpdateMcpServerBody {
  @IfPresent()
  @IsString(NAME)
  name?: string;

  @IfPresent()
  @IsString(URL)
  url?: string;

  @IfPresent()
  @Satisfies('isHeaders', (v, f) => headersProblem(v, f))
  headers?: Headers;
}
