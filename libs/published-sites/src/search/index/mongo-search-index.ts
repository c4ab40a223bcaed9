import type { Db, Document, MongoClient } from 'mongodb';
import { ReadStore } from '@app/platform';
import { matchesAll } from '../domain/search-query';
import { FIELD_WEIGHTS, Ranked, RankedPage, RankQuery, SearchIndex } from './search-index.port';
import { SEARCH_PAGES, SEARCH_PROJECTION } from './search-documents';

/** Candidates one query reads at most (MongoDB's $text ORs the terms; the AND is checked here). */
export const MONGO_SCAN_LIMIT = 2000;

interface Candidate {
  _id: string;
  spaceId: string;
  conditions?: string[];
  title?: string;
  description?: string;
  sections?: Array<{ anchor: string | null; title: string; text: string }>;
  score: number;
}

/**
 * Server adapter: a text index on the MongoDB read store's collection of each generation of
 * `search_pages` (`rm_search_pages_g<n>`), made on first use. The index has no language
 * (`default_language: 'none'`: no stemming, no stop words) so it matches whole words as the
 * embedded adapter does, case- and accent-insensitively (text index version 3). `$text` ORs the
 * terms: candidates come best first by textScore and the AND of the terms is checked here on
 * their words; at most MONGO_SCAN_LIMIT candidates are read, so `total` is a lower bound past
 * that. The last term is not matched as a prefix.
 */
export class MongoSearchIndex extends SearchIndex {
  readonly matchesPrefixes = false;
  private readonly ready = new Set<number>();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly store: ReadStore,
  ) {
    super();
  }

  static async connect(uri: string, database: string, store: ReadStore): Promise<MongoSearchIndex> {
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(uri);
    return new MongoSearchIndex(client, client.db(database), store);
  }

  private async collection(generation: number) {
    const c = this.db.collection<Document>(`rm_${SEARCH_PAGES}_g${generation}`);
    if (!this.ready.has(generation)) {
      const w = FIELD_WEIGHTS;
      await c.createIndex(
        { title: 'text', 'sections.title': 'text', description: 'text', 'sections.text': 'text' },
        {
          name: 'search_text',
          weights: { title: w.title, 'sections.title': w.headings, description: w.description, 'sections.text': w.text },
          default_language: 'none',
          // Documents carry no language field; a field of that name must not switch the language.
          language_override: 'searchLanguage',
          textIndexVersion: 3,
        },
      );
      await c.createIndex({ spaceId: 1 }, { name: 'search_space' });
      this.ready.add(generation);
    }
    return c;
  }

  async rank(q: RankQuery): Promise<Ranked> {
    if (q.spaceIds.length === 0 || q.query.terms.length === 0) return { pages: [], total: 0 };
    const { generation } = await this.store.checkpoint(SEARCH_PROJECTION);
    const c = await this.collection(generation);
    const match: Document = { $text: { $search: q.query.terms.join(' ') }, spaceId: { $in: [...q.spaceIds] } };
    if (q.listedOnly) match.listed = true;
    const cursor = c.aggregate<Candidate>([
      { $match: match },
      { $addFields: { score: { $meta: 'textScore' } } },
      { $sort: { score: -1, _id: 1 } },
      { $limit: MONGO_SCAN_LIMIT },
      { $project: { spaceId: 1, conditions: 1, title: 1, description: 1, 'sections.title': 1, 'sections.text': 1, score: 1 } },
    ]);
    // Whole words, as the index matched them.
    const query = { ...q.query, prefix: false };
    const pages: RankedPage[] = [];
    let total = 0;
    for await (const d of cursor) {
      const texts = [d.title ?? '', d.description ?? '', ...(d.sections ?? []).flatMap((s) => [s.title, s.text])];
      if (!matchesAll(query, texts)) continue;
      total++;
      if (pages.length >= q.limit) continue;
      if (q.after && !(d.score < q.after[0] || (d.score === q.after[0] && d._id > q.after[1]))) continue;
      pages.push({ id: d._id, spaceId: d.spaceId, conditions: d.conditions ?? [], score: d.score });
    }
    return { pages, total };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
