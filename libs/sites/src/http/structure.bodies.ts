import { IsBoolean, IsString, MinLength } from 'class-validator';
import { IfPresent, IsArrayOf, isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { ItemPosition, Position } from '../domain/site.commands';
import { conditionProblem, descriptionProblem, groupTitleProblem, iconProblem, pathProblem, sectionTitleProblem } from '../domain/site-rules';
import { Follows, FollowsOrNull } from './site.bodies';

type Pointer = { types: readonly string[]; idKey: (type: string) => string };
const SITE_SPACE: Pointer = { types: ['site-space'], idKey: () => 'siteSpace' };
const SECTION: Pointer = { types: ['site-section'], idKey: () => 'siteSection' };
const ITEM: Pointer = { types: ['site-section', 'site-section-group'], idKey: () => 'id' };

/** The reference move position: exactly one of `before` / `after`, each a pointer of the given kind. */
function positionProblem(p: Pointer) {
  return (v: unknown, field: string): string | null => {
    if (!isPlainObject(v)) return `${field}: must be an object with before or after`;
    const extra = unknownKeyProblem(v, ['before', 'after'], field);
    if (extra) return extra;
    const sides = ['before', 'after'].filter((s) => v[s] !== undefined);
    if (sides.length !== 1) return `${field}: give exactly one of before or after`;
    const f = `${field}.${sides[0]}`;
    const ptr = v[sides[0]];
    if (!isPlainObject(ptr)) return `${f}: must be an object`;
    if (!p.types.includes(ptr.type as string)) return `${f}.type: must be one of ${p.types.join(', ')}`;
    const key = p.idKey(ptr.type as string);
    return unknownKeyProblem(ptr, ['type', key], f) ?? (typeof ptr[key] === 'string' && ptr[key].length > 0 ? null : `${f}.${key}: must be a non-empty string`);
  };
}

const sideOf = (v: Record<string, Record<string, string>>) => (v.before !== undefined ? 'before' : 'after');
export const toPosition = (v: Record<string, Record<string, string>>, key: 'siteSpace' | 'siteSection'): Position => ({
  side: sideOf(v),
  target: v[sideOf(v)][key],
});
export const toItemPosition = (v: Record<string, Record<string, string>>): ItemPosition => {
  const ptr = v[sideOf(v)];
  return { side: sideOf(v), target: { type: ptr.type === 'site-section' ? 'section' : 'group', id: ptr.id } };
};

export class MoveSiteSpaceBody {
  @Satisfies('siteSpacePosition', positionProblem(SITE_SPACE)) position: Record<string, Record<string, string>>;
}
export class MoveSectionBody {
  @Satisfies('sectionPosition', positionProblem(SECTION)) position: Record<string, Record<string, string>>;
}
export class MoveSectionGroupBody {
  @Satisfies('itemPosition', positionProblem(ITEM)) position: Record<string, Record<string, string>>;
}

export class AddSiteSpaceBody {
  @IsString() @MinLength(1) spaceId: string;
  @IfPresent() @IsString() @MinLength(1) sectionId?: string;
}

export class UpdateSiteSpaceBody {
  @IfPresent() @Follows('path', pathProblem) path?: string;
  @IfPresent() @FollowsOrNull('condition', conditionProblem) condition?: string | null;
  @IfPresent() @IsString() @MinLength(1) spaceId?: string;
  @IfPresent() @IsBoolean() hidden?: boolean;
}

export class AddSectionBody {
  @IsString() @MinLength(1) spaceId: string;
  @IfPresent() @FollowsOrNull('title', sectionTitleProblem) title?: string | null;
  @IfPresent() @FollowsOrNull('icon', iconProblem) icon?: string | null;
}

export class UpdateSectionBody {
  @IfPresent() @Follows('title', sectionTitleProblem) title?: string;
  @IfPresent() @Follows('path', pathProblem) path?: string;
  @IfPresent() @IsString() @MinLength(1) defaultSiteSpace?: string;
  @IfPresent() @FollowsOrNull('condition', conditionProblem) condition?: string | null;
  @IfPresent() @FollowsOrNull('icon', iconProblem) icon?: string | null;
  @IfPresent() @FollowsOrNull('description', descriptionProblem) description?: string | null;
}

export class AddSectionGroupBody {
  @Follows('title', groupTitleProblem) title: string;
  @IfPresent() @FollowsOrNull('icon', iconProblem) icon?: string | null;
  @IfPresent() @IsArrayOf((v) => typeof v === 'string' && v.length > 0, 'must be a section id', { max: 1000 }) sections?: string[];
  @IfPresent() @IsString() @MinLength(1) parent?: string;
}

export class UpdateSectionGroupBody {
  @IfPresent() @Follows('title', groupTitleProblem) title?: string;
  @IfPresent() @FollowsOrNull('icon', iconProblem) icon?: string | null;
}

export class AddSectionToGroupBody {
  @IsString() @MinLength(1) sectionId: string;
}

/** The fields a body gave (undefined ones dropped), for the domain's change objects. */
export const given = <T extends object>(b: T): Partial<T> => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as Partial<T>;
