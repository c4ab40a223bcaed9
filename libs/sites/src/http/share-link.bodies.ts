import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { BadRequest, IfPresent, PageQuery } from '@app/platform';
import type { ShareLinkChanges } from '../domain/share-link';

/** The name's length (0 to 50) is the decider's rule (domain/share-link.ts). */
const NAME = { message: '$property: must be a string of at most 50 characters' };

/** Body of createSiteShareLink: `{name}` (required). */
export class CreateShareLinkBody {
  @IsString(NAME)
  name!: string;
}

/** Body of updateSiteShareLinkById: `{active?, name?}`, at least one (reference minProperties 1). */
export class UpdateShareLinkBody {
  @IfPresent()
  @IsBoolean()
  active?: boolean;

  @IfPresent()
  @IsString(NAME)
  name?: string;

  changes(): ShareLinkChanges {
    if (this.active === undefined && this.name === undefined) throw new BadRequest('body: give at least one of active, name');
    return { ...(this.active !== undefined ? { active: this.active } : {}), ...(this.name !== undefined ? { name: this.name } : {}) };
  }
}

/** Query of listSiteShareLinks: paging and `search` (a link's name, or its whole key). */
export class ListShareLinksParams extends PageQuery {
  @IsOptional()
  @IsString()
  search?: string;
}
