import type { SearchQuery } from '../domain/search-query';
import { SEARCH_PAGES } from './search-documents';

/**
 * The SQLite read store keeps a collection's generation in table `rm_<collection>_g<n>` with
 * columns (id TEXT PRIMARY KEY, doc TEXT: the document's JSON), as the MongoDB store names its
 * collections; the contract suite fails if that changes under this adapter.
 */
export const readModelTable = (generation: number) => `rm_${SEARCH_PAGES}_g${generation}`;
export const ftsTable = (generation: number) => `fts_${SEARCH_PAGES}_g${generation}`;
/** What filters and identifies a matching page, by the FTS rowid (a small row: see ftsTextIndexSql). */
export const metaTable = (generation: number) => `ftm_${SEARCH_PAGES}_g${generation}`;

/** The indexed columns, in bm25's weight order. */
const TEXT_COLUMNS = ['title', 'headings', 'description', 'body'];
const META_COLUMNS = ['key', 'space', 'listed', 'conditions'];

/** The text column values of a page document `d` (a JSON text). */
const texts = (d: string) => [
  `json_extract(${d}, '$.title')`,
  `(SELECT group_concat(json_extract(value, '$.title'), ' ') FROM json_each(${d}, '$.sections') WHERE json_extract(value, '$.anchor') IS NOT NULL)`,
  `json_extract(${d}, '$.description')`,
  `(SELECT group_concat(json_extract(value, '$.text'), ' ') FROM json_each(${d}, '$.sections'))`,
];
const metas = (d: string, id: string) => [id, `json_extract(${d}, '$.spaceId')`, `json_extract(${d}, '$.listed')`, `json_extract(${d}, '$.conditions')`];

/**
 * The text index of a generation, filled from the rows there now, and the triggers that keep it
 * in step with the read-model table (an upsert of the read store fires the update trigger).
 * The FTS5 table is contentless (the text is in the read model already) and holds only what
 * ranking needs; what filters a match (space, listing) sits in a plain table by the same rowid:
 * reading such a column from an FTS5 table would load the page's whole text for every match.
 * Rows are linked by rowid: the read store never vacuums (a VACUUM may renumber rowids; rebuild
 * the projection after one).
 */
export function ftsTextIndexSql(generation: number): string {
  const rm = readModelTable(generation);
  const fts = ftsTable(generation);
  const meta = metaTable(generation);
  const add = (d: string, id: string, rowid: string) =>
    `INSERT INTO ${fts} (rowid, ${TEXT_COLUMNS.join(', ')}) VALUES (${rowid}, ${texts(d).join(', ')});
     INSERT INTO ${meta} (rowid, ${META_COLUMNS.join(', ')}) VALUES (${rowid}, ${metas(d, id).join(', ')});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = old.rowid; DELETE FROM ${meta} WHERE rowid = old.rowid;`;
  return `
    DROP TABLE IF EXISTS ${fts};
    DROP TABLE IF EXISTS ${meta};
    CREATE VIRTUAL TABLE ${fts} USING fts5(${TEXT_COLUMNS.join(', ')}, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
    CREATE TABLE ${meta} (rowid INTEGER PRIMARY KEY, key TEXT NOT NULL, space TEXT, listed INTEGER, conditions TEXT);
    INSERT INTO ${fts} (rowid, ${TEXT_COLUMNS.join(', ')}) SELECT rowid, ${texts('doc').join(', ')} FROM ${rm};
    INSERT INTO ${meta} (rowid, ${META_COLUMNS.join(', ')}) SELECT rowid, ${metas('doc', 'id').join(', ')} FROM ${rm};
    DROP TRIGGER IF EXISTS ${fts}_ai;
    DROP TRIGGER IF EXISTS ${fts}_ad;
    DROP TRIGGER IF EXISTS ${fts}_au;
    CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${rm} BEGIN ${add('new.doc', 'new.id', 'new.rowid')} END;
    CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${rm} BEGIN ${remove} END;
    CREATE TRIGGER ${fts}_au AFTER UPDATE ON ${rm} BEGIN ${remove} ${add('new.doc', 'new.id', 'new.rowid')} END;`;
}

/**
 * An FTS5 query for a parsed query: every term quoted (so nothing in it is query syntax; terms
 * are words only, see parseQuery), all required, the last one a prefix when asked.
 */
export function ftsMatch(q: SearchQuery): string {
  const last = q.terms.length - 1;
  return q.terms.map((t, i) => `"${t.replace(/"/g, '""')}"${q.prefix && i === last ? '*' : ''}`).join(' ');
}
