import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CacheRegion, InvalidatingCache, NotFound, ReadStore, Role } from '@app/platform';
import { GetMemberRoleQuery, GetOrganizationDefaultRoleQuery, GetOrganizationQuery, GetUserTeamIdsQuery } from '@app/organizations';
import { AccessNode, collectionRole, DefaultLevel, spaceRole, Subject } from '../domain/authorization';
import { collectionCacheTag, COLLECTIONS, CollectionDoc } from './queries/collections.read-model';

export { spacePermissions, collectionPermissions, type SpacePermissions, type CollectionPermissions } from '../domain/authorization';

/** A space as far as access goes: the write-side state or the read model both fit. */
export interface SpaceFacts {
  organizationId: string;
  parent: string | null;
  visibility: string;
  defaultLevel: DefaultLevel;
  users?: Record<string, Role>;
  teams?: Record<string, Role>;
}
export interface CollectionFacts {
  id: string;
  organizationId: string;
  parent: string | null;
  defaultLevel: DefaultLevel;
  users?: Record<string, Role>;
  teams?: Record<string, Role>;
}

const node = (f: { defaultLevel: DefaultLevel; users?: Record<string, Role>; teams?: Record<string, Role> }): AccessNode => ({
  defaultLevel: f.defaultLevel,
  users: f.users ?? {},
  teams: f.teams ?? {},
});

/** Deeper trees are refused when created; the bound only guards against a corrupt read model. */
const MAX_DEPTH = 64;
/** Collection documents kept in memory for access checks (see SpaceAccess). */
const CACHED_COLLECTIONS = 50_000;

/** How an Accessor reads one collection's document (null: no such collection). */
export type CollectionLoader = (collectionId: string) => Promise<CollectionDoc | null>;

/**
 * Feeds the pure authorization model (domain/authorization.ts) from the read models: the
 * caller's organization role, the organization's default role and the caller's teams
 * (organizations context), and the collections above an item (this context). One Accessor
 * serves one request, so a listing loads each of these once.
 */
export class Accessor {
  private readonly subjects = new Map<string, Promise<Subject>>();
  private readonly paths = new Map<string, Promise<CollectionDoc[]>>();

  constructor(
    readonly userId: string,
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
    /** Where the collections above an item come from: the store itself unless told otherwise. */
    private readonly collection: CollectionLoader = (id) => store.get<CollectionDoc>(COLLECTIONS, id),
  ) {}

  subject(organizationId: string): Promise<Subject> {
    let s = this.subjects.get(organizationId);
    if (!s) {
      s = (async () => {
        const memberRole = await this.queries.execute(new GetMemberRoleQuery(organizationId, this.userId));
        const [orgDefaultRole, teamIds] = await Promise.all([
          memberRole ? this.queries.execute(new GetOrganizationDefaultRoleQuery(organizationId)) : null,
          this.queries.execute(new GetUserTeamIdsQuery(organizationId, this.userId)),
        ]);
        return { userId: this.userId, memberRole, orgDefaultRole, teamIds };
      })();
      this.subjects.set(organizationId, s);
    }
    return s;
  }

  async orgRole(organizationId: string): Promise<Role | null> {
    return (await this.subject(organizationId)).memberRole;
  }

  /** The caller's Organization.permissions (the organizations context's policy); null when not a member. */
  async organizationPermissions(organizationId: string): Promise<{ createContent: boolean } | null> {
    try {
      return (await this.queries.execute(new GetOrganizationQuery(organizationId, this.userId))).permissions;
    } catch (e) {
      if (e instanceof NotFound) return null;
      throw e;
    }
  }

  /** The live collections from the top level down to `collectionId` (empty for null). */
  path(organizationId: string, collectionId: string | null): Promise<CollectionDoc[]> {
    if (!collectionId) return Promise.resolve([]);
    let p = this.paths.get(collectionId);
    if (!p) {
      p = (async () => {
        const out: CollectionDoc[] = [];
        for (let id: string | null = collectionId; id && out.length < MAX_DEPTH;) {
          const c: CollectionDoc | null = await this.collection(id);
          // A parent in another organization only shows up mid-transfer: it grants nothing here.
          if (!c || c.organizationId !== organizationId) break;
          out.unshift(c);
          id = c.parent;
        }
        return out;
      })();
      this.paths.set(collectionId, p);
    }
    return p;
  }

  async spaceRole(s: SpaceFacts): Promise<Role | null> {
    const [subject, parents] = await Promise.all([this.subject(s.organizationId), this.path(s.organizationId, s.parent)]);
    return spaceRole(subject, { ...node(s), visibility: s.visibility }, parents.map(node));
  }

  async collectionRole(c: CollectionFacts): Promise<Role | null> {
    const [subject, parents] = await Promise.all([this.subject(c.organizationId), this.path(c.organizationId, c.parent)]);
    return collectionRole(subject, [...parents.map(node), node(c)]);
  }

  /** Role for creating directly inside `parent` (a collection) or at the organization's top level. */
  async roleIn(organizationId: string, parent: string | null): Promise<Role | null> {
    if (!parent) return this.orgRole(organizationId);
    const path = await this.path(organizationId, parent);
    const target = path[path.length - 1];
    return target?.id === parent ? this.collectionRole(target) : null;
  }
}

@Injectable()
export class SpaceAccess {
  /**
   * Collection documents by id, as access checks read them (Accessor.path) on every request for
   * an item inside a collection; dropped when the spaces projection applies an event of the
   * collection (collectionCacheTag). Unknown ids are not kept. Shared: read-only.
   */
  private readonly collections: CacheRegion<CollectionDoc | null>;
  private readonly loadCollection: CollectionLoader;

  constructor(
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
    cache: InvalidatingCache,
  ) {
    this.collections = cache.region('spaces.collections', { max: CACHED_COLLECTIONS });
    this.loadCollection = (id) =>
      this.collections.get(
        id,
        () => this.store.get<CollectionDoc>(COLLECTIONS, id),
        (c) => (c ? [collectionCacheTag(id)] : null),
      );
  }

  for(userId: string): Accessor {
    return new Accessor(userId, this.queries, this.store, this.loadCollection);
  }

  orgRole(organizationId: string, userId: string): Promise<Role | null> {
    return this.for(userId).orgRole(organizationId);
  }

  roleOn(s: SpaceFacts, userId: string): Promise<Role | null> {
    return this.for(userId).spaceRole(s);
  }
}
