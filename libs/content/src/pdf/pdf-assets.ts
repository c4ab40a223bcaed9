import { asNode, record, str } from './document-nodes';

/** Ids of the files that documents show as pictures (image blocks, inline images), to load before printing. */
export function imageFileIds(documents: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const visit = (raw: unknown) => {
    const n = asNode(raw);
    if (n.type === 'image' || n.type === 'inline-image') {
      const ref = record(n.data.ref);
      const file = str(ref.file);
      if (ref.kind === 'file' && file) ids.add(file);
    }
    n.nodes.forEach(visit);
    n.fragments.forEach(visit);
  };
  documents.forEach(visit);
  return ids;
}
