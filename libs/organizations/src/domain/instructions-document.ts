import { BadRequest } from '@app/platform';

/**
 * The rich-text document of agent instructions (reference JSONDocument). Accepted are the node
 * kinds instructions are written with, each in the exact reference shape, so every stored
 * document is one the reference validates: paragraphs, headings 1-3, ordered, unordered and
 * task lists, dividers, quotes, code blocks, links to URLs, and text with bold, italic, code and
 * strikethrough marks. Anything else is a 400 naming the node (`instructions.nodes[2].type: …`).
 * Fields the reference requires but that carry no meaning of their own (a heading's `data`,
 * a leaf's `marks`) are filled in when left out.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type InstructionsDocument = { object: 'document'; data: { [k: string]: Json }; nodes: Json[] };

/** Bound of a document's JSON text: instructions are read by agents, not books. */
export const INSTRUCTIONS_MAX_CHARS = 100_000;
const MAX_DEPTH = 12;

const TEXT_BLOCKS = ['paragraph', 'heading-1', 'heading-2', 'heading-3'];
const LISTS = ['list-ordered', 'list-unordered', 'list-tasks'];
const ESSENTIALS = [...TEXT_BLOCKS, ...LISTS, 'divider'];
const TOP_LEVEL = [...ESSENTIALS, 'blockquote', 'code'];
const MARKS = ['bold', 'italic', 'code', 'strikethrough'];
const ALIGN = ['start', 'center', 'end'];

type Obj = { [k: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Problem extends Error {}
const fail = (path: string, rule: string): never => {
  throw new Problem(`${path}: ${rule}`);
};

function obj(v: unknown, path: string, allowed: string[]): Obj {
  if (!isObj(v)) fail(path, 'must be an object');
  const extra = Object.keys(v as Obj).find((k) => !allowed.includes(k));
  if (extra !== undefined) fail(`${path}.${extra}`, 'unknown field');
  return v as Obj;
}
function arr(v: unknown, path: string): Json[] {
  if (!Array.isArray(v)) fail(path, 'must be an array');
  return v as Json[];
}
function optional(o: Obj, key: string, path: string, check: (v: Json) => boolean, rule: string): void {
  if (o[key] !== undefined && !check(o[key])) fail(`${path}.${key}`, rule);
}
const isString = (v: Json) => typeof v === 'string';
const isBool = (v: Json) => typeof v === 'boolean';

/** `data` of a block: the given fields only, each checked; `{}` when left out. */
function data(o: Obj, path: string, fields: Record<string, [(v: Json) => boolean, string]>): Obj {
  const d = obj(o.data ?? {}, `${path}.data`, Object.keys(fields));
  for (const [k, [check, rule]] of Object.entries(fields)) optional(d, k, `${path}.data`, check, rule);
  return d;
}
const ALIGN_FIELD: Record<string, [(v: Json) => boolean, string]> = {
  align: [(v) => typeof v === 'string' && ALIGN.includes(v), `must be one of ${ALIGN.join(', ')}`],
};

function leaf(v: Json, path: string): Obj {
  const o = obj(v, path, ['object', 'text', 'marks']);
  if (o.object !== 'leaf') fail(`${path}.object`, 'must be "leaf"');
  if (typeof o.text !== 'string') fail(`${path}.text`, 'must be a string');
  const marks = arr(o.marks ?? [], `${path}.marks`).map((m, i) => {
    const mo = obj(m, `${path}.marks[${i}]`, ['object', 'type']);
    if (mo.object !== 'mark' || typeof mo.type !== 'string' || !MARKS.includes(mo.type))
      fail(`${path}.marks[${i}]`, `must be a mark of type ${MARKS.join(', ')}`);
    return mo;
  });
  return { object: 'leaf', text: o.text, marks };
}

function text(o: Obj, path: string): Obj {
  obj(o, path, ['object', 'key', 'leaves']);
  optional(o, 'key', path, isString, 'must be a string');
  return { ...o, leaves: arr(o.leaves, `${path}.leaves`).map((l, i) => leaf(l, `${path}.leaves[${i}]`)) };
}

/** Text, or a link to a URL around text (the inline content of paragraphs, headings and links). */
function inlineContent(nodes: Json[], path: string, links: boolean): Json[] {
  return nodes.map((n, i) => {
    const at = `${path}[${i}]`;
    const o = obj(n, at, ['object', 'type', 'key', 'leaves', 'nodes', 'data', 'isVoid']);
    if (o.object === 'text') return text(o, at);
    if (!links || o.object !== 'inline' || o.type !== 'link') return fail(at, links ? 'must be a text or a link inline' : 'must be a text');
    optional(o, 'key', at, isString, 'must be a string');
    optional(o, 'isVoid', at, (v) => v === false, 'must be false');
    const d = obj(o.data, `${at}.data`, ['ref']);
    const ref = obj(d.ref, `${at}.data.ref`, ['kind', 'url']);
    if (ref.kind !== 'url' || typeof ref.url !== 'string') fail(`${at}.data.ref`, 'must be a URL reference {kind: "url", url}');
    return { ...o, data: { ref }, nodes: inlineContent(arr(o.nodes, `${at}.nodes`), `${at}.nodes`, false) };
  });
}

function block(v: Json, path: string, allowed: string[], depth: number): Obj {
  if (depth > MAX_DEPTH) fail(path, `must not be nested deeper than ${MAX_DEPTH} blocks`);
  const o = obj(v, path, ['object', 'type', 'key', 'nodes', 'data', 'isVoid']);
  if (o.object !== 'block') fail(`${path}.object`, 'must be "block"');
  if (typeof o.type !== 'string' || !allowed.includes(o.type)) fail(`${path}.type`, `must be one of ${allowed.join(', ')}`);
  optional(o, 'key', path, isString, 'must be a string');
  const type = o.type as string;
  if (type === 'divider') {
    if (o.nodes !== undefined) fail(`${path}.nodes`, 'unknown field (a divider has no content)');
    optional(o, 'isVoid', path, (x) => x === true, 'must be true');
    return { ...o, isVoid: true, data: data(o, path, {}) };
  }
  optional(o, 'isVoid', path, (x) => x === false, 'must be false');
  const nodes = arr(o.nodes, `${path}.nodes`);
  const children = (types: string[]) => nodes.map((n, i) => block(n, `${path}.nodes[${i}]`, types, depth + 1));
  switch (type) {
    case 'paragraph':
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return { ...o, data: data(o, path, ALIGN_FIELD), nodes: inlineContent(nodes, `${path}.nodes`, true) };
    case 'list-ordered':
      return { ...o, data: data(o, path, { start: [(x) => Number.isInteger(x), 'must be an integer'] }), nodes: children(['list-item']) };
    case 'list-unordered':
    case 'list-tasks':
      return { ...o, data: data(o, path, {}), nodes: children(['list-item']) };
    case 'list-item':
      return { ...o, data: data(o, path, { checked: [isBool, 'must be a boolean'] }), nodes: children(TOP_LEVEL) };
    case 'blockquote':
      return { ...o, data: data(o, path, {}), nodes: children([...ESSENTIALS, 'blockquote']) };
    case 'code':
      return { ...o, data: data(o, path, { syntax: [isString, 'must be a string'], title: [isString, 'must be a string'] }), nodes: children(['code-line']) };
    default: // code-line
      return { ...o, data: data(o, path, { highlighted: [isBool, 'must be a boolean'] }), nodes: inlineContent(nodes, `${path}.nodes`, false) };
  }
}

/** The document, with the reference's required fields filled in; 400 naming the first bad node. */
export function parseInstructions(v: unknown, field = 'instructions'): InstructionsDocument {
  try {
    const o = obj(v, field, ['object', 'data', 'nodes']);
    if (o.object !== 'document') fail(`${field}.object`, 'must be "document"');
    const d = isObj(o.data ?? {}) ? ((o.data ?? {}) as Obj) : fail(`${field}.data`, 'must be an object');
    optional(d, 'schemaVersion', `${field}.data`, (x) => Number.isInteger(x), 'must be an integer');
    const doc: InstructionsDocument = {
      object: 'document',
      data: d,
      nodes: arr(o.nodes, `${field}.nodes`).map((n, i) => block(n, `${field}.nodes[${i}]`, TOP_LEVEL, 1)),
    };
    if (JSON.stringify(doc).length > INSTRUCTIONS_MAX_CHARS) fail(field, `must be at most ${INSTRUCTIONS_MAX_CHARS} characters of JSON`);
    return doc;
  } catch (e) {
    if (e instanceof Problem) throw new BadRequest(e.message);
    throw e;
  }
}

/** For the body's validator: the problem, or null. */
export function instructionsProblem(v: unknown, field: string): string | null {
  try {
    parseInstructions(v, field);
    return null;
  } catch (e) {
    if (e instanceof BadRequest) return e.message;
    throw e;
  }
}

export const EMPTY_INSTRUCTIONS: InstructionsDocument = { object: 'document', data: {}, nodes: [] };
