import type { Components } from './openapi-objects';

/**
 * Copies parts of reference documents (operations' parameters, bodies, responses) into the
 * service's document, together with every component they reach through `$ref`, transitively.
 *
 * Two references share one `components` namespace. The primary (0.146) keeps its names. A
 * component of the secondary (0.202) keeps its name too when it means the same thing — the same
 * JSON and, recursively, the same meaning for everything it refers to — and is renamed with
 * the source's suffix otherwise, so each operation keeps the shapes of its own reference.
 * Import the references before anything else names components (their names are the public ones).
 */
export interface ReferenceSource {
  /** The reference's package version, e.g. `0.146.0`. */
  version: string;
  /** The whole reference document (its `components` are read). */
  doc: { components?: Components };
  /** Appended to a renamed component, e.g. `_v0_202`. */
  suffix: string;
}

const REF = /^#\/components\/([A-Za-z]+)\/([^/]+)$/;

/** The component a local `$ref` of `doc` points at (undefined for anything else). */
export function componentAt(doc: ReferenceSource['doc'], ref: string): unknown {
  const m = REF.exec(ref);
  return m ? doc.components?.[m[1]]?.[m[2]] : undefined;
}

export class ComponentImporter {
  /** `<version> <kind>/<name>` → the name it has in the target. */
  private readonly names = new Map<string, string>();
  /** Per secondary source: the `kind/name`s that mean what the primary's do. */
  private readonly shared = new Map<ReferenceSource, Set<string>>();

  constructor(
    private readonly target: Components,
    private readonly primary: ReferenceSource,
  ) {}

  /** A deep copy of `fragment` whose `$ref`s point at components copied into the target. */
  import<T>(fragment: T, source: ReferenceSource): T {
    return this.rewrite(fragment, source) as T;
  }

  private rewrite(value: unknown, source: ReferenceSource): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v, source));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = key === '$ref' && typeof child === 'string' ? this.copyRef(child, source) : this.rewrite(child, source);
    }
    return out;
  }

  private copyRef(ref: string, source: ReferenceSource): string {
    const m = REF.exec(ref);
    if (!m) return ref;
    const [, kind, name] = m;
    const key = `${source.version} ${kind}/${name}`;
    let local = this.names.get(key);
    if (local === undefined) {
      const component = source.doc.components?.[kind]?.[name];
      if (component === undefined) throw new Error(`The reference ${source.version} has no component ${ref}`);
      local = this.localName(kind, name, source);
      // Named before its content is copied: a component that refers to itself ends here.
      this.names.set(key, local);
      const bucket = (this.target[kind] ??= {});
      // Taken already by the same component (a shared one, copied for the other reference).
      if (!(local in bucket)) {
        bucket[local] = {};
        bucket[local] = this.rewrite(component, source);
      }
    }
    return `#/components/${kind}/${local}`;
  }

  private localName(kind: string, name: string, source: ReferenceSource): string {
    if (source === this.primary || this.primary.doc.components?.[kind]?.[name] === undefined) return name;
    return this.sharedWith(source).has(`${kind}/${name}`) ? name : `${name}${source.suffix}`;
  }

  /**
   * The components of `source` with the same JSON as the primary's of that name whose every
   * reference is, recursively, shared too: the greatest such set (a cycle of equal components
   * is shared), found by removing what refers outside the set until nothing changes.
   */
  private sharedWith(source: ReferenceSource): Set<string> {
    let same = this.shared.get(source);
    if (same) return same;
    same = new Set<string>();
    const theirs = this.primary.doc.components ?? {};
    for (const [kind, bucket] of Object.entries(source.doc.components ?? {}))
      for (const [name, value] of Object.entries(bucket))
        if (theirs[kind]?.[name] !== undefined && JSON.stringify(theirs[kind][name]) === JSON.stringify(value)) same.add(`${kind}/${name}`);
    for (let changed = true; changed;) {
      changed = false;
      for (const key of same) {
        const [kind, name] = key.split('/');
        const outside = refsOf(source.doc.components![kind][name]).some((ref) => {
          const m = REF.exec(ref);
          return m !== null && !same.has(`${m[1]}/${m[2]}`);
        });
        if (outside) {
          same.delete(key);
          changed = true;
        }
      }
    }
    this.shared.set(source, same);
    return same;
  }
}

/** The `$ref`s anywhere in `value`. */
export function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  return out;
}
