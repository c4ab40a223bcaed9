import { BadRequest, check, isRole } from '@app/platform';
import { DefaultLevel } from '../domain/authorization';
import { CollectionSettings } from '../domain/collection';

// Reference CollectionTitle (max 50) and CollectionDescription (max 100).
const title = (v: unknown) => check.string('title', v, { max: 50 });
const description = (v: unknown) => check.string('description', v, { max: 100 });
function defaultLevel(v: unknown): DefaultLevel {
  if (v === null || v === 'inherit' || isRole(v)) return v as DefaultLevel;
  throw new BadRequest('defaultLevel: must be a role (admin, create, review, edit, comment, read), inherit or null');
}

/** Body of POST /v1/orgs/{organizationId}/collections (reference: title, parent). */
export function parseCreateCollection(body: unknown): { settings: CollectionSettings; parent: string | null } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'parent']);
  return {
    parent: 'parent' in b && b.parent !== null ? check.string('parent', b.parent, { min: 1 }) : null,
    settings: { title: 'title' in b ? title(b.title) : '', description: '', defaultLevel: null },
  };
}

/** Body of PATCH /v1/collections/{collectionId}. */
export function parseUpdateCollection(body: unknown): Partial<CollectionSettings> {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'description', 'defaultLevel']);
  const out: Partial<CollectionSettings> = {};
  if ('title' in b) out.title = title(b.title);
  if ('description' in b) out.description = description(b.description);
  if ('defaultLevel' in b) out.defaultLevel = defaultLevel(b.defaultLevel);
  return out;
}
