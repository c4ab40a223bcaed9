import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IfPresent } from '@app/platform';
import { DefaultLevel } from '../domain/authorization';
import { CollectionSettings } from '../domain/collection';
import { IsDefaultLevel } from './space-fields';

/** Body of POST /v1/orgs/{organizationId}/collections (reference: title, parent). */
export class CreateCollectionBody {
  // Reference CollectionTitle (max 50).
  @IfPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  parent?: string | null;
}

/** Body of PATCH /v1/collections/{collectionId}. */
export class UpdateCollectionBody {
  @IfPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  // Reference CollectionDescription (max 100).
  @IfPresent()
  @IsString()
  @MaxLength(100)
  description?: string;

  @IsOptional()
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;
}

export const newCollection = (b: CreateCollectionBody): { settings: CollectionSettings; parent: string | null } => ({
  parent: b.parent ?? null,
  settings: { title: b.title ?? '', description: '', defaultLevel: null },
});

/** The settings a PATCH changes: only the fields it gives. */
export function collectionChanges(b: UpdateCollectionBody): Partial<CollectionSettings> {
  const out: Partial<CollectionSettings> = {};
  if (b.title !== undefined) out.title = b.title;
  if (b.description !== undefined) out.description = b.description;
  if (b.defaultLevel !== undefined) out.defaultLevel = b.defaultLevel;
  return out;
}
