import type { Nodes } from 'mdast';

/** Plain text of an mdast node (without recursion: hostile input nests thousands deep). */
export function plain(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if ('value' in n) out += n.value;
    else if (n.type === 'image') out += n.alt ?? '';
    else if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}
