import { BadRequest } from '@app/platform';
import type { BlockContent, DefinitionContent, PhrasingContent } from 'mdast';
import { Mark, MARKS } from './document-nodes';
import { checkDepth, optionalArray, optionalString, prop, requiredArray } from './untrusted-json';

/** What inline conversion needs from the block converter: references and footnote bodies. */
export interface PhrasingState {
  /** Markdown target of a content reference (400 for an unknown kind). */
  target(ref: unknown, field: string): string;
  /** Registers a footnote for an annotation and returns its identifier. */
  footnote(label: string, body: unknown, field: string, depth: number): string;
}

interface Run {
  text: string;
  marks: Set<Mark>;
}
const WRAPPER = { bold: 'strong', italic: 'emphasis', strikethrough: 'delete' } as const;

/**
 * Leaves → nested mdast marks. Each wrapper spans the longest run of leaves sharing its mark,
 * so `**a *b***` comes back as one strong around text and emphasis, not as two adjacent
 * strongs; code is innermost (an inline code span holds no markup).
 */
function wrap(runs: Run[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < runs.length) {
    let best: Mark | null = null;
    let bestEnd = i;
    for (const mark of MARKS) {
      if (mark === 'code' || !runs[i].marks.has(mark)) continue;
      let end = i;
      while (end < runs.length && runs[end].marks.has(mark)) end++;
      if (end > bestEnd) [best, bestEnd] = [mark, end];
    }
    if (best === null) {
      const { text, marks } = runs[i++];
      out.push(marks.has('code') ? { type: 'inlineCode', value: text } : { type: 'text', value: text });
      continue;
    }
    const mark = best;
    const inner = runs.slice(i, bestEnd).map((r) => ({ text: r.text, marks: new Set([...r.marks].filter((m) => m !== mark)) }));
    out.push({ type: WRAPPER[mark], children: wrap(inner) });
    i = bestEnd;
  }
  return out;
}

function leaves(node: unknown, f: string): Run[] {
  return requiredArray(prop(node, 'leaves'), `${f}.leaves`).map((leaf, k) => {
    const lf = `${f}.leaves[${k}]`;
    const marks = optionalArray(prop(leaf, 'marks'), `${lf}.marks`)
      .map((m) => prop(m, 'type'))
      .filter((m): m is Mark => (MARKS as readonly unknown[]).includes(m));
    return { text: optionalString(prop(leaf, 'text'), `${lf}.text`) ?? '', marks: new Set(marks) };
  });
}

function emoji(code: string | undefined): string {
  const points = (code ?? '').split('-').map((h) => parseInt(h, 16));
  return points.every((p) => Number.isInteger(p) && p > 0 && p <= 0x10ffff) ? String.fromCodePoint(...points) : (code ?? '');
}

export function plainOf(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  return nodes
    .map((n): string => {
      const ls = prop(n, 'leaves');
      if (Array.isArray(ls))
        return ls
          .map((l) => prop(l, 'text'))
          .filter((t) => typeof t === 'string')
          .join('');
      return plainOf(prop(n, 'nodes'));
    })
    .join('');
}

export function phrasing(nodes: unknown, field: string, state: PhrasingState, depth: number): PhrasingContent[] {
  checkDepth(depth, field);
  const out: PhrasingContent[] = [];
  let runs: Run[] = [];
  const flush = () => {
    out.push(...wrap(runs.filter((r) => r.text !== '')));
    runs = [];
  };
  requiredArray(nodes, `${field}.nodes`).forEach((n, i) => {
    const f = `${field}.nodes[${i}]`;
    const object = prop(n, 'object');
    const type = prop(n, 'type');
    const data = prop(n, 'data');
    if (object === 'text') {
      runs.push(...leaves(n, f));
      return;
    }
    flush();
    if (object !== 'inline') throw new BadRequest(`${f}: must be a text or an inline node`);
    const title = optionalString(prop(data, 'title'), `${f}.data.title`);
    switch (type) {
      case 'link':
        out.push({ type: 'link', url: state.target(prop(data, 'ref'), f), title, children: phrasing(prop(n, 'nodes') ?? [], f, state, depth + 1) });
        return;
      case 'inline-image':
        out.push({ type: 'image', url: state.target(prop(data, 'ref'), f), alt: optionalString(prop(data, 'alt'), `${f}.data.alt`), title });
        return;
      case 'inline-math': {
        const formula = optionalString(prop(data, 'formula'), `${f}.data.formula`) ?? '';
        if (formula.trim()) out.push({ type: 'inlineMath', value: formula });
        return;
      }
      case 'emoji':
        out.push({ type: 'text', value: emoji(optionalString(prop(data, 'code'), `${f}.data.code`)) });
        return;
      case 'annotation': {
        const fragments = optionalArray(prop(n, 'fragments'), `${f}.fragments`);
        const k = fragments.findIndex((x) => prop(x, 'type') === 'annotation-body' || prop(x, 'fragment') === 'annotation-body');
        const label = plainOf(prop(n, 'nodes'));
        if (k < 0) out.push({ type: 'text', value: label });
        else {
          const identifier = state.footnote(label, prop(fragments[k], 'nodes'), `${f}.fragments[${k}]`, depth + 1);
          out.push({ type: 'footnoteReference', identifier, label: identifier });
        }
        return;
      }
      default:
        throw new BadRequest(`${f}: unsupported inline node ${JSON.stringify(type ?? object)}`);
    }
  });
  flush();
  return out;
}

export type FootnoteBody = (BlockContent | DefinitionContent)[];
