import { applyBatch, BatchContext, ContentChange } from './content-batch';
import { emptyStructure, Structure } from './page';

/** Deterministic helpers for domain tests (no I/O): ids from a counter, bodies hashed to themselves. */
export function fixtureContext(prefix = 'p', now = '2026-01-01T00:00:00.000Z'): BatchContext & { bodies: Map<string, string> } {
  let n = 0;
  const bodies = new Map<string, string>();
  return {
    now,
    newId: () => `${prefix}${++n}`,
    hash: (b: string) => {
      bodies.set(`h:${b}`, b);
      return `h:${b}`;
    },
    bodies,
  };
}

export const bodyOf = (hash: string) => hash.slice(2);

export function build(changes: ContentChange[], from: Structure = emptyStructure(), ctx = fixtureContext()) {
  return applyBatch(from, changes, ctx);
}

export const insert = (title: string, markdown = '', extra: Partial<Extract<ContentChange, { operation: 'insert_page' }>> = {}): ContentChange => ({
  operation: 'insert_page',
  fields: { title },
  markdown,
  ...extra,
});
