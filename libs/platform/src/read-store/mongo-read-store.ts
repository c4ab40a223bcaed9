import { randomUUID } from 'crypto';
import { AnyBulkWriteOperation, ClientSession, Collection, Db, Document, MongoClient, MongoServerError, TransactionOptions } from 'mongodb';
import { Checkpoint, CollectionDefinition, CommitOptions, Doc, Filter, FindOptions, ParkedEvent, ReadStore, SortSpec, Write, compare } from './read-store.port';

interface ProjectionRow {
  _id: string;
  active: number;
}
interface CheckpointRow {
  _id: string;
  name: string;
  generation: number;
  position: number;
  switches?: number;
}
type ParkedRow = Omit<ParkedEvent, 'id'> & { _id: string };
type RangeOp = '$gt' | '$gte' | '$lt' | '$lte';
/** Read-model documents: `_id` is the document id (never an ObjectId). */
type Stored = { _id: string };

// Same naming rules as the SQLite adapter, so both stores accept exactly the same names.
const ident = (s: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) throw new Error(`invalid collection or projection name "${s}"`);
  return s.replace(/-/g, '_');
};
/** Validated so a field name can never smuggle in a query operator. */
const fieldPath = (field: string) => {
  if (!/^[A-Za-z0-9_.]+$/.test(field)) throw new Error(`invalid field path "${field}"`);
  return field === 'id' ? '_id' : field;
};
const isOperators = (cond: unknown): cond is Record<string, unknown> =>
  cond !== null && typeof cond === 'object' && !Array.isArray(cond) && Object.keys(cond).some((k) => k.startsWith('$'));
const scalar = (v: unknown) => {
  if (v !== null && typeof v === 'object') throw new Error('filter values must be strings, numbers, booleans or null');
  return v ?? null;
};
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMESPACE_EXISTS = 48;
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;
const ignoring = (code: number) => (e: unknown) => {
  if (!(e instanceof MongoServerError && e.code === code)) throw e;
};
const strip = <T extends Doc>({ _id, ...doc }: Document): T => doc as T;

/** The field matches when any alternative does. */
const anyOf = (path: string, alts: Document[]): Document => (alts.length === 1 ? { [path]: alts[0] } : { $or: alts.map((a) => ({ [path]: a })) });

/**
 * A range condition with compare()'s order: null/missing < numbers (booleans count as 0/1) <
 * strings. Mongo only compares values of the same type, so the other types are added as
 * alternatives where compare() puts them on the matching side. Returns null for "no constraint".
 */
function range(op: RangeOp, raw: unknown): Document[] | null {
  const v = typeof raw === 'boolean' ? Number(raw) : scalar(raw);
  const holds = (c: number) => ({ $gt: c > 0, $gte: c >= 0, $lt: c < 0, $lte: c <= 0 })[op];
  if (v === null) {
    if (holds(1)) return holds(0) ? null : [{ $ne: null }];
    return [holds(0) ? { $eq: null } : { $in: [] }];
  }
  const alts: Document[] = [{ [op]: v }];
  const others: Array<[sample: unknown, alt: Document]> = [
    [null, { $eq: null }],
    [false, { $eq: false }],
    [true, { $eq: true }],
    [0, { $type: 'number' }],
    ['', { $type: 'string' }],
  ];
  for (const [sample, alt] of others) {
    if (typeof sample === typeof v) continue; // same type: the plain operator covers it
    if (holds(compare(sample, v))) alts.push(alt);
  }
  return alts;
}

/** Translates a port filter into a Mongo query with the semantics of `matches()`. */
function toQuery(filter: Filter): Document {
  const and: Document[] = [];
  for (const [field, cond] of Object.entries(filter)) {
    const path = fieldPath(field);
    // `{ f: null }` and `$eq: null` match null and missing alike, as `matches()` does.
    if (!isOperators(cond)) {
      and.push({ [path]: { $eq: scalar(cond) } });
      continue;
    }
    for (const [op, v] of Object.entries(cond)) {
      if (op === '$exists') and.push({ [path]: v ? { $ne: null } : { $eq: null } });
      else if (op === '$in' || op === '$nin') and.push({ [path]: { [op]: (v as unknown[]).map(scalar) } });
      else if (op === '$ne') and.push({ [path]: { $ne: scalar(v) } });
      else if (op === '$contains') and.push({ [path]: { $regex: escapeRegex(String(v)), $options: 'i' } });
      else if (op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte') {
        const alts = range(op, v);
        if (alts) and.push(anyOf(path, alts));
      } else throw new Error(`unsupported filter operator ${op}`);
    }
  }
  return and.length ? { $and: and } : {};
}

/** Keyset cursor: (f1 after v1) OR (f1 = v1 AND f2 after v2) OR ..., nulls first ascending. */
function keyset(sort: SortSpec, after: unknown[]): Document {
  return {
    $or: sort.map(([field, dir], i) => {
      const and: Document[] = sort.slice(0, i).map(([f], j) => ({ [fieldPath(f)]: { $eq: scalar(after[j]) } }));
      const alts = range(dir === 1 ? '$gt' : '$lt', after[i]);
      if (alts) and.push(anyOf(fieldPath(field), alts));
      return { $and: and };
    }),
  };
}

const TRANSACTION: TransactionOptions = { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } };

/**
 * MongoDB read models: one collection per read-model collection and generation
 * (`rm_<collection>_g<generation>`), documents stored with `_id = id`. Commits run in a
 * transaction (MongoDB must be a replica set, even a single node).
 */
export class MongoReadStore extends ReadStore {
  private readonly owner = new Map<string, string>();
  private readonly collections = new Map<string, CollectionDefinition[]>();
  private readonly projections: Collection<ProjectionRow>;
  private readonly checkpoints: Collection<CheckpointRow>;
  private readonly parked: Collection<ParkedRow>;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    super();
    this.projections = db.collection('_projections');
    this.checkpoints = db.collection('_checkpoints');
    this.parked = db.collection('_parked');
  }

  /**
   * One connection attempt (adapters.ts retries): done once a writable primary has created the
   * indexes, bounded by `attemptTimeoutMs` — the driver alone would wait its 30 s server
   * selection per attempt; the bound applies to this attempt only, not to later operations.
   */
  static async connect(uri: string, database: string, attemptTimeoutMs = 10_000): Promise<MongoReadStore> {
    // Undefined fields are dropped, as JSON (and so the SQLite adapter) drops them.
    const client = new MongoClient(uri, { ignoreUndefined: true });
    const store = new MongoReadStore(client, client.db(database));
    let timer: NodeJS.Timeout | undefined;
    const attempt = (async () => {
      await client.connect();
      await store.checkpoints.createIndex({ name: 1, generation: 1 });
      await store.parked.createIndex({ projection: 1, position: 1 });
    })();
    try {
      await Promise.race([
        attempt,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no writable primary within ${attemptTimeoutMs} ms`)), attemptTimeoutMs);
        }),
      ]);
    } catch (e) {
      attempt.catch(() => undefined); // settles with the close below
      await client.close().catch(() => undefined);
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return store;
  }

  private name(collection: string, generation: number) {
    return `rm_${ident(collection)}_g${generation}`;
  }

  private key(projection: string, generation: number) {
    return `${projection}@${generation}`;
  }

  private async activeGeneration(projection: string, session?: ClientSession): Promise<number> {
    return (await this.projections.findOne({ _id: projection }, { session }))?.active ?? 1;
  }

  private async collectionFor(collection: string, generation?: number): Promise<Collection<Stored>> {
    const projection = this.owner.get(collection);
    if (!projection) throw new Error(`unknown read-model collection "${collection}"`);
    return this.db.collection<Stored>(this.name(collection, generation ?? (await this.activeGeneration(projection))));
  }

  // Created up front: creating collections inside a transaction fails under concurrency.
  private async createCollections(projection: string, generation: number) {
    for (const c of this.collections.get(projection) ?? []) {
      const name = this.name(c.name, generation);
      await this.db.createCollection(name).catch(ignoring(NAMESPACE_EXISTS));
      for (const fields of c.indexes ?? []) {
        await this.db.collection(name).createIndex(fields.map((f): [string, 1] => [fieldPath(f), 1]));
      }
    }
  }

  private async dropCollections(projection: string, generation: number) {
    for (const c of this.collections.get(projection) ?? []) {
      await this.db.dropCollection(this.name(c.name, generation)).catch(ignoring(NAMESPACE_NOT_FOUND));
    }
    await this.checkpoints.deleteOne({ _id: this.key(projection, generation) });
  }

  private transaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
    return this.client.withSession((session) => session.withTransaction(() => fn(session), TRANSACTION));
  }

  async defineProjection(projection: string, collections: CollectionDefinition[]): Promise<void> {
    this.collections.set(projection, collections);
    for (const c of collections) this.owner.set(c.name, projection);
    // Upserts racing from several processes: one inserts, the others hit the unique _id.
    await this.projections.updateOne({ _id: projection }, { $setOnInsert: { active: 1 } }, { upsert: true }).catch(ignoring(DUPLICATE_KEY));
    const active = await this.activeGeneration(projection);
    await this.checkpoints
      .updateOne({ _id: this.key(projection, active) }, { $setOnInsert: { name: projection, generation: active, position: 0 } }, { upsert: true })
      .catch(ignoring(DUPLICATE_KEY));
    await this.createCollections(projection, active);
  }

  async get<T extends Doc>(collection: string, id: string, generation?: number): Promise<T | null> {
    const doc = await (await this.collectionFor(collection, generation)).findOne({ _id: id });
    return doc ? strip<T>(doc) : null;
  }

  async find<T extends Doc>(collection: string, filter: Filter = {}, options: FindOptions = {}, generation?: number): Promise<T[]> {
    const target = await this.collectionFor(collection, generation);
    if (options.limit === 0) return []; // Mongo reads limit 0 as "no limit"
    // An explicit id sort (either direction) already makes the order total.
    const sort: SortSpec = [...(options.sort ?? [])];
    if (!sort.some(([f]) => f === 'id')) sort.push(['id', 1]);
    const query = toQuery(filter);
    const where = options.after ? { $and: [query, keyset(sort, options.after)] } : query;
    const docs = await target.find(where, { sort: sort.map(([f, d]): [string, 1 | -1] => [fieldPath(f), d]), limit: options.limit }).toArray();
    return docs.map((d) => strip<T>(d));
  }

  async count(collection: string, filter: Filter = {}, generation?: number): Promise<number> {
    return (await this.collectionFor(collection, generation)).countDocuments(toQuery(filter));
  }

  async checkpoint(projection: string): Promise<Checkpoint> {
    const generation = await this.activeGeneration(projection);
    return { generation, position: await this.generationCheckpoint(projection, generation) };
  }

  async generationCheckpoint(projection: string, generation: number): Promise<number> {
    return (await this.checkpoints.findOne({ _id: this.key(projection, generation) }))?.position ?? 0;
  }

  async commit(projection: string, generation: number, from: number, to: number, writes: Write[], options: CommitOptions = {}): Promise<boolean> {
    const byCollection = new Map<string, AnyBulkWriteOperation<Stored>[]>();
    for (const w of writes) {
      const name = this.name(w.collection, generation);
      const ops = byCollection.get(name) ?? [];
      if (w.kind === 'put') ops.push({ replaceOne: { filter: { _id: w.doc.id }, replacement: { _id: w.doc.id, ...w.doc }, upsert: true } });
      else ops.push({ deleteOne: { filter: { _id: w.id } } });
      byCollection.set(name, ops);
    }
    // The callback may run again on a transient error, so it decides from scratch every time.
    return this.transaction(async (session) => {
      if (options.requireActive && (await this.activeGeneration(projection, session)) !== generation) return false;
      const moved = await this.checkpoints.updateOne({ _id: this.key(projection, generation), position: from }, { $set: { position: to } }, { session });
      if (moved.matchedCount !== 1) return false;
      for (const [name, ops] of byCollection) await this.db.collection<Stored>(name).bulkWrite(ops, { session, ordered: true });
      const park = (options.park ?? []).map((e) => ({ _id: randomUUID(), ...e }));
      if (park.length) await this.parked.insertMany(park, { session });
      if (options.unpark?.length) await this.parked.deleteMany({ _id: { $in: options.unpark } }, { session });
      return true;
    });
  }

  async createGeneration(projection: string): Promise<number> {
    // Not a transaction: MongoDB cannot drop collections inside one. Only rebuilds call this.
    const active = await this.activeGeneration(projection);
    for (const o of await this.checkpoints.find({ name: projection, generation: { $ne: active } }).toArray()) {
      await this.dropCollections(projection, o.generation);
    }
    const generation = active + 1;
    await this.checkpoints.replaceOne({ _id: this.key(projection, generation) }, { name: projection, generation, position: 0 }, { upsert: true });
    await this.createCollections(projection, generation);
    return generation;
  }

  async activateGeneration(projection: string, generation: number): Promise<boolean> {
    return this.transaction(async (session) => {
      const active = await this.activeGeneration(projection, session);
      const live = await this.checkpoints.findOne({ _id: this.key(projection, active) }, { session });
      const mine = await this.checkpoints.findOne({ _id: this.key(projection, generation) }, { session });
      if (!mine || (live && mine.position < live.position)) return false;
      await this.projections.updateOne({ _id: projection }, { $set: { active: generation } }, { session, upsert: true });
      // Writing the live checkpoint makes a concurrent commit to it conflict and retry, so that
      // commit sees the switch (requireActive) instead of landing in the old generation.
      if (live) await this.checkpoints.updateOne({ _id: live._id }, { $inc: { switches: 1 } }, { session });
      return true;
    });
  }

  async dropGeneration(projection: string, generation: number): Promise<void> {
    if ((await this.activeGeneration(projection)) === generation) throw new Error('cannot drop the active generation');
    await this.dropCollections(projection, generation);
  }

  async dump(collection: string, generation?: number): Promise<Doc[]> {
    const docs = await (await this.collectionFor(collection, generation)).find({}, { sort: [['_id', 1]] }).toArray();
    return docs.map((d) => strip(d));
  }

  async acquireLease(name: string, holder: string, ttlMs: number, replacing?: string): Promise<boolean> {
    const now = new Date();
    const leases = this.db.collection<{ _id: string; holder: string; expiresAt: Date }>('_leases');
    try {
      // Matches a lease this holder has or one that expired; none matching inserts, and an
      // insert beside a live lease of another holder fails on _id: not taken.
      await leases.updateOne(
        { _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }, ...(replacing ? [{ holder: replacing }] : [])] },
        { $set: { holder, expiresAt: new Date(now.getTime() + ttlMs) } },
        { upsert: true },
      );
      return true;
    } catch (e) {
      if ((e as { code?: number }).code === 11000) return false;
      throw e;
    }
  }

  async leaseHolder(name: string): Promise<string | null> {
    return (await this.db.collection<{ _id: string; holder: string }>('_leases').findOne({ _id: name }))?.holder ?? null;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.collection<{ _id: string; holder: string }>('_leases').deleteOne({ _id: name, holder });
  }

  async listParked(projection?: string): Promise<ParkedEvent[]> {
    const rows = await this.parked
      .find(projection ? { projection } : {}, {
        sort: projection
          ? [['position', 1]]
          : [
              ['projection', 1],
              ['position', 1],
            ],
      })
      .toArray();
    return rows.map(({ _id, ...e }) => ({ id: _id, ...e }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
