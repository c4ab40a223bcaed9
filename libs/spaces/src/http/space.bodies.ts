import { Equals, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IfPresent, IsHttpUrl, isPlainObject, IsRefused, Satisfies } from '@app/platform';
import { IsMergeRules } from '@app/organizations';
import { DefaultLevel, EDIT_MODES, EditMode, SpaceMergeRules, SpaceSettings, Visibility, VISIBILITIES } from '../domain/space';
import { IsDefaultLevel, IsEmojiText } from './space-fields';

// Reference TranslationLanguage.
export const LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;

/** Settings fields shared by create and PATCH (reference CreateSpace / UpdateSpace). */
class SpaceSettingsBody {
  @IfPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  /** null clears it. */
  @IsOptional()
  @IsEmojiText()
  emoji?: string | null;

  /** null clears it. */
  @IsOptional()
  @IsHttpUrl()
  icon?: string | null;

  /** `in-collection` only inside a collection: a rule of the space itself (domain/space-visibility.ts). */
  @IfPresent()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @IfPresent()
  @IsIn(EDIT_MODES)
  editMode?: EditMode;

  @IfPresent()
  @IsIn(LANGUAGES)
  language?: string;

  @IsOptional()
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;

  @IfPresent()
  @IsMergeRules(true)
  mergeRules?: SpaceMergeRules;
}

/** Body of POST /v1/orgs/{organizationId}/spaces. */
export class CreateSpaceBody extends SpaceSettingsBody {
  @IsOptional()
  @IsString()
  @MinLength(1)
  parent?: string | null;

  /** Templates are accepted and not applied: every space starts empty. */
  @IfPresent()
  @Satisfies('isObject', (v, field) => (isPlainObject(v) ? null : `${field}: must be an object`))
  template?: Record<string, unknown>;

  @IfPresent()
  @Equals(true, { message: 'empty: must be true when given' })
  empty?: true;

  @IsRefused('computed content sources are not supported by this server')
  computedSource?: unknown;
}

/** Body of PATCH /v1/spaces/{spaceId}. */
export class UpdateSpaceBody extends SpaceSettingsBody {}

/** The settings a body changes: only the fields it gives (null clears emoji and icon). */
export function spaceChanges(b: SpaceSettingsBody): Partial<SpaceSettings> {
  const out: Partial<SpaceSettings> = {};
  if (b.title !== undefined) out.title = b.title;
  if (b.emoji !== undefined) out.emoji = b.emoji ?? '';
  if (b.icon !== undefined) out.icon = b.icon;
  if (b.visibility !== undefined) out.visibility = b.visibility;
  if (b.editMode !== undefined) out.editMode = b.editMode;
  if (b.language !== undefined) out.language = b.language;
  if (b.defaultLevel !== undefined) out.defaultLevel = b.defaultLevel;
  if (b.mergeRules !== undefined) out.mergeRules = b.mergeRules;
  return out;
}

/** What a create body asks for: the settings, with the reference defaults for what it leaves out, and the parent. */
export function parseCreateSpace(b: CreateSpaceBody): { settings: SpaceSettings; parent: string | null } {
  return {
    parent: b.parent ?? null,
    settings: {
      title: '',
      emoji: '',
      icon: null,
      visibility: 'private',
      editMode: 'live',
      language: null,
      defaultLevel: null,
      mergeRules: { type: 'inherit' },
      ...spaceChanges(b),
    },
  };
}
