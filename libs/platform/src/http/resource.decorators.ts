import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiConditionalGet, ApiConditionalWrite } from './openapi-decorators';

/**
 * The event stream whose revision versions a GET route's single resource, from the route's
 * parameters (and the body it answers, for ids the URL does not carry): every 200 of the route
 * carries a strong ETag (see entity-tags.ts), and If-None-Match answers 304.
 */
export type StreamOf<B = unknown> = (params: Record<string, string>, body: B) => string | null;
export const RESOURCE_STREAM = 'platform:resource-stream';
export const ResourceStream = <B>(streamOf: StreamOf<B>) => applyDecorators(SetMetadata(RESOURCE_STREAM, streamOf), ApiConditionalGet());
/** A resource that never changes once it exists (a revision): its ETag hashes its body alone. */
export const ImmutableResource = () =>
  applyDecorators(
    SetMetadata(RESOURCE_STREAM, (): string | null => null),
    ApiConditionalGet(),
  );

/**
 * For a PATCH, PUT or DELETE whose target has no GET of its own (a permission of a space, a
 * member of a team): If-Match is compared with the ETag of the resource `levelsUp` path
 * segments up (`/spaces/{id}/permissions/users/{userId}` → 3 → `/spaces/{id}`). Without it,
 * the GET at the write's own path is that resource.
 */
export const REPRESENTED_BY = 'platform:represented-by';
export const RepresentedBy = (levelsUp: number) => applyDecorators(SetMetadata(REPRESENTED_BY, levelsUp), ApiConditionalWrite());
