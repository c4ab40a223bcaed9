import { BadRequest } from '@app/platform';

/**
 * A repository that cannot be read in the GitBook layout (bad YAML, a root outside the project…).
 * It names the file, and the line when there is one, so the import run can tell the user where
 * to look; as a BadRequest it answers 400 if it ever reaches HTTP.
 */
export class GitLayoutError extends BadRequest {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly rule: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${rule}`);
  }
}
