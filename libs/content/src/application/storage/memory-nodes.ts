import { hashObject } from './content-objects';
import { EMPTY_LEAF, hashEmptyLeaf, NodeSink, TrieNode } from './hash-trie';

/**
 * Collects the nodes a trie update creates, reading existing ones through `load`; the caller
 * stores `pending` (only new nodes) afterwards. Also the in-memory store of the trie tests.
 */
export class PendingNodes implements NodeSink {
  readonly pending = new Map<string, TrieNode>();
  constructor(private readonly load: (hash: string) => Promise<TrieNode>) {}

  async get(hash: string): Promise<TrieNode> {
    if (hash === hashEmptyLeaf()) return EMPTY_LEAF;
    return this.pending.get(hash) ?? this.load(hash);
  }

  add(node: TrieNode): string {
    const hash = hashObject(node);
    if (hash !== hashEmptyLeaf()) this.pending.set(hash, node);
    return hash;
  }
}
