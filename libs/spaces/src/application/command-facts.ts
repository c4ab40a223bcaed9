import { ReadStore } from '@app/platform';
import { SpaceNotFound, SpaceSettings, SpaceState } from '../domain/space';
import { Transferable } from '../domain/space-moves';
import { endOf } from './placement';
import { COLLECTIONS, CollectionDoc } from './queries/collections.read-model';
import { descendants } from './queries/content-tree';
import { SPACES, SpaceDoc } from './queries/spaces.projection';

/*
 * Facts that commands need from read models (where things are, what other aggregates look
 * like): gathered by the command handlers and handed to the pure deciders in the command.
 */

/** `undefined` keeps the current parent; null is the organization's top level. */
export const targetParent = (requested: string | null | undefined, current: string | null) => (requested === undefined ? current : requested);

/** A live space from the read model (the source of a duplicate); 404 otherwise. */
export async function liveSpace(store: ReadStore, id: string): Promise<SpaceDoc> {
  const doc = await store.get<SpaceDoc>(SPACES, id);
  if (!doc || doc.status !== 'active') throw new SpaceNotFound(id);
  return doc;
}

export const settingsOf = (doc: SpaceDoc): SpaceSettings => ({
  title: doc.title,
  emoji: doc.emoji,
  icon: doc.icon,
  visibility: doc.visibility,
  editMode: doc.editMode,
  language: doc.language,
  defaultLevel: doc.defaultLevel,
  mergeRules: doc.mergeRules,
});

/**
 * For a restore: the key at the end of the top level when the space's collection was deleted
 * or transferred to another organization while the space was in the bin; else undefined.
 */
export async function topLevelIfHomeGone(store: ReadStore, s: SpaceState): Promise<string | undefined> {
  const sp = s.space;
  if (s.status !== 'deleted' || !sp?.parent) return undefined;
  const home = await store.get<CollectionDoc>(COLLECTIONS, sp.parent);
  if (home && home.organizationId === sp.organizationId) return undefined;
  return (await endOf(store, sp.organizationId, null)).position;
}

/** Everything live inside a collection, at any depth, with what the transfer rules need to know. */
export async function treeInside(store: ReadStore, collectionId: string): Promise<{ spaces: SpaceDoc[]; collections: CollectionDoc[] }> {
  const inside = await descendants(store, collectionId);
  const [spaces, collections] = await Promise.all([
    store.find<SpaceDoc>(SPACES, { id: { $in: inside.spaces.map((e) => e.itemId) } }),
    store.find<CollectionDoc>(COLLECTIONS, { id: { $in: inside.collections.map((e) => e.itemId) } }),
  ]);
  // In tree order: a collection before the collections inside it.
  const order = new Map(inside.collections.map((e, i) => [e.itemId, i]));
  return { spaces, collections: collections.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
}

export const spaceTransferable = (doc: SpaceDoc, pending: ReadonlyMap<string, number>): Transferable => ({
  id: doc.id,
  teams: Object.keys(doc.teams ?? {}),
  pendingChangeRequests: pending.get(doc.id) ?? 0,
});
export const collectionTransferable = (doc: CollectionDoc): Transferable => ({ id: doc.id, teams: Object.keys(doc.teams ?? {}), pendingChangeRequests: 0 });
