import { BadRequest, check, isEmoji, isRole } from '@app/platform';
import { parseMergeRules } from '@app/organizations';
import { DefaultLevel, EDIT_MODES, SpaceMergeRules, SpaceSettings, VISIBILITIES } from '../domain/space';

// Reference TranslationLanguage.
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl'] as const;

const title = (v: unknown) => check.string('title', v, { max: 50 });
function emoji(v: unknown): string {
  const e = check.string('emoji', v, { max: 50 });
  if (e !== '' && !isEmoji(e)) throw new BadRequest('emoji: must be an emoji character or its hex code point (format emoji)');
  return e;
}
function defaultLevel(v: unknown): DefaultLevel {
  if (v === null || v === 'inherit' || isRole(v)) return v as DefaultLevel;
  throw new BadRequest('defaultLevel: must be a role (admin, create, review, edit, comment, read), inherit or null');
}

/** Settings fields shared by create and PATCH; returns only those present. */
function settings(b: Record<string, unknown>): Partial<SpaceSettings> {
  const out: Partial<SpaceSettings> = {};
  if ('title' in b) out.title = title(b.title);
  if ('emoji' in b) out.emoji = b.emoji === null ? '' : emoji(b.emoji);
  if ('icon' in b) out.icon = b.icon === null ? null : check.url('icon', b.icon);
  if ('visibility' in b) out.visibility = check.oneOf('visibility', b.visibility, VISIBILITIES);
  if ('editMode' in b) out.editMode = check.oneOf('editMode', b.editMode, EDIT_MODES);
  if ('language' in b) out.language = check.oneOf('language', b.language, LANGUAGES);
  if ('defaultLevel' in b) out.defaultLevel = defaultLevel(b.defaultLevel);
  if ('mergeRules' in b) out.mergeRules = parseMergeRules('mergeRules', b.mergeRules, true) as SpaceMergeRules;
  return out;
}

/** Body of POST /v1/orgs/{organizationId}/spaces (reference CreateSpace). */
export function parseCreateSpace(body: unknown): { settings: SpaceSettings; parent: string | null } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'emoji', 'icon', 'parent', 'language', 'editMode', 'visibility', 'defaultLevel', 'mergeRules', 'template', 'empty', 'computedSource']);
  if ('template' in b) check.object('template', b.template);
  if ('empty' in b && b.empty !== true) throw new BadRequest('empty: must be true when given');
  if ('computedSource' in b) throw new BadRequest('computedSource: computed content sources are not supported by this server');
  const parent = 'parent' in b && b.parent !== null ? check.string('parent', b.parent, { min: 1 }) : null;
  const s = settings(b);
  if (s.visibility === 'in-collection' && !parent) throw new BadRequest('visibility: in-collection is only allowed for a space in a collection (give parent)');
  return {
    parent,
    settings: {
      title: s.title ?? '',
      emoji: s.emoji ?? '',
      icon: s.icon ?? null,
      visibility: s.visibility ?? 'private',
      editMode: s.editMode ?? 'live',
      language: s.language ?? null,
      defaultLevel: s.defaultLevel ?? null,
      mergeRules: s.mergeRules ?? { type: 'inherit' },
    },
  };
}

/** Body of PATCH /v1/spaces/{spaceId}. */
export function parseUpdateSpace(body: unknown): Partial<SpaceSettings> {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'emoji', 'icon', 'visibility', 'editMode', 'language', 'defaultLevel', 'mergeRules']);
  return settings(b);
}
