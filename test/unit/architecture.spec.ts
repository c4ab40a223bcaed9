import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * The boundaries of the modular monolith, checked on every `npm test`:
 *   - every library under libs/ is placed in docs/context-order.json (the one place that orders them);
 *   - a context imports another only through its index (`@app/<context>`) or its published
 *     contracts (`@app/<context>/contracts`), never its internals;
 *   - only downwards: a context may import contexts on lower levels, not its own level
 *     (siblings talk through integration events) and not higher ones;
 *   - no import cycle between source files;
 *   - domain code has no Nest and no I/O;
 *   - no context reacts to a context above it or beside it: its source never names (as a string
 *     literal) an event type declared by such a context. It asks through a query the lower context
 *     declares in its contracts and the upper one answers (docs/ARCHITECTURE.md).
 */
const root = path.resolve(__dirname, '..', '..');
const order: { levels: Array<{ level: string; contexts: string[] }> } = JSON.parse(fs.readFileSync(path.join(root, 'docs', 'context-order.json'), 'utf8'));
const levelOf = new Map<string, number>(order.levels.flatMap((l, i) => l.contexts.map((c) => [c, i] as [string, number])));
const libs = fs
  .readdirSync(path.join(root, 'libs'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\('([^']+)'\)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
const rel = (f: string) => path.relative(root, f);

/** Which context an import specifier reaches, and whether it goes through a public entry. */
function target(file: string, spec: string): { context: string; public: boolean } | null {
  const alias = /^@app\/([a-z-]+)(?:\/(.+))?$/.exec(spec);
  if (alias) return { context: alias[1], public: alias[2] === undefined || alias[2] === 'contracts' || alias[2].startsWith('contracts/') };
  if (!spec.startsWith('.')) return null;
  const resolved = path.resolve(path.dirname(file), spec);
  const m = /^libs\/([a-z-]+)\//.exec(rel(resolved) + '/');
  return m ? { context: m[1], public: false } : null;
}

/** String literals of a source text (comments and identifiers are not literals). */
function stringLiterals(text: string): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false));
  return out;
}

/** Event type names declared in a source text: the first type argument of each `DomainEvent<'X', …>`. */
function declaredEventTypes(text: string): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === 'DomainEvent' && n.typeArguments?.length) {
      const t = n.typeArguments[0];
      if (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)) out.push(t.literal.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false));
  return out;
}

/** Specs are left out: they react to nothing. */
const sources = (lib: string) => files(path.join(root, 'libs', lib, 'src')).filter((f) => !f.endsWith('.spec.ts'));

/** The literals naming an event type of a context on the same level as `lib` or above it. */
function upwardEventNames(lib: string, literals: string[], eventsOf: Map<string, Set<string>>): string[] {
  const mine = levelOf.get(lib);
  if (mine === undefined) return [];
  const owners = (t: string) => [...eventsOf].filter(([c, types]) => c !== lib && types.has(t) && (levelOf.get(c) ?? -1) >= mine).map(([c]) => c);
  return [...new Set(literals)].filter((t) => !eventsOf.get(lib)?.has(t) && owners(t).length).map((t) => `'${t}' (an event of ${owners(t).join(', ')})`);
}

describe('architecture', () => {
  it('every library is placed in the context order, once', () => {
    expect(libs.filter((l) => !levelOf.has(l))).toEqual([]);
    const placed = order.levels.flatMap((l) => l.contexts);
    expect(placed.filter((c, i) => placed.indexOf(c) !== i)).toEqual([]);
    expect(placed.filter((c) => !libs.includes(c))).toEqual([]);
  });

  for (const lib of libs) {
    it(`libs/${lib} imports other contexts only through their index or contracts, and only downwards`, () => {
      const offenders: string[] = [];
      for (const file of files(path.join(root, 'libs', lib, 'src'))) {
        for (const spec of importsOf(file)) {
          const t = target(file, spec);
          if (!t) continue;
          if (t.context === lib) {
            if (lib !== 'platform' && spec.startsWith('@app/')) offenders.push(`${rel(file)} imports its own context through ${spec}`);
            continue;
          }
          // Specs may use platform test helpers (given/when/then) directly.
          const internal = !t.public && !(t.context === 'platform' && file.endsWith('.spec.ts') && spec.startsWith('@app/platform/'));
          if (internal) offenders.push(`${rel(file)} -> ${spec}: internals of ${t.context}`);
          const mine = levelOf.get(lib);
          const theirs = levelOf.get(t.context);
          if (mine !== undefined && theirs !== undefined && theirs >= mine) {
            offenders.push(
              `${rel(file)} -> ${spec}: ${t.context} is ${theirs === mine ? 'a sibling on the same level' : 'on a higher level'} (docs/context-order.json)`,
            );
          }
        }
      }
      expect(offenders).toEqual([]);
    });

    it(`libs/${lib} domain code has no Nest, no I/O`, () => {
      const dir = path.join(root, 'libs', lib, 'src', 'domain');
      if (!fs.existsSync(dir)) return;
      const offenders = files(dir).flatMap((f) =>
        importsOf(f)
          .filter((s) => /^@nestjs\/|^(fs|path|http|net|child_process|better-sqlite3|mongodb|@eventstore\/)/.test(s))
          .map((s) => `${rel(f)} -> ${s}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  describe('no context reacts to a context above it or beside it', () => {
    const eventsOf = new Map(libs.map((l) => [l, new Set(sources(l).flatMap((f) => declaredEventTypes(fs.readFileSync(f, 'utf8'))))]));
    for (const lib of libs) {
      it(`libs/${lib} names no event type of a higher or sibling context`, () => {
        const offenders = sources(lib).flatMap((f) =>
          upwardEventNames(lib, stringLiterals(fs.readFileSync(f, 'utf8')), eventsOf).map((o) => `${rel(f)}: ${o}`),
        );
        expect(offenders).toEqual([]);
      });
    }

    it("finds each context's event types and catches what it forbids", () => {
      // The check above must be able to fail: event names are collected, and an upper or sibling one is caught.
      expect(eventsOf.get('spaces')).toContain('SpacePurged');
      expect(eventsOf.get('content')).toContain('ChangeRequestCreated');
      expect(declaredEventTypes("type E = DomainEvent<'A', { a: 1 }> | DomainEvent<'B', {}>; type F = Other<'C'>;")).toEqual(['A', 'B']);
      expect(stringLiterals("// 'SpacePurged'\n/* 'SpacePurged' */ const a = ['SpacePurged', `TeamDeleted`, SpaceEvents.SpaceCreated];")).toEqual([
        'SpacePurged',
        'TeamDeleted',
      ]);
      expect(upwardEventNames('organizations', ['SpacePurged', 'TeamDeleted', 'UserRegistered'], eventsOf)).toEqual(["'SpacePurged' (an event of spaces)"]);
      expect(upwardEventNames('spaces', ['ChangeRequestMerged', 'TeamDeleted', 'SpacePurged'], eventsOf)).toEqual([
        "'ChangeRequestMerged' (an event of content)",
      ]);
      expect(upwardEventNames('content', ['SpacePurged', 'TeamDeleted'], eventsOf)).toEqual([]);
      const sibling = new Map([...eventsOf, ['sites', new Set(['SiteCreated'])], ['comments', new Set(['CommentPosted'])]]);
      levelOf.set('sites', levelOf.get('content')! + 1);
      levelOf.set('comments', levelOf.get('content')! + 1);
      try {
        expect(upwardEventNames('comments', ['SiteCreated', 'SpacePurged'], sibling)).toEqual(["'SiteCreated' (an event of sites)"]);
      } finally {
        levelOf.delete('sites');
        levelOf.delete('comments');
      }
    });
  });

  it('no import cycle between source files of apps/ and libs/', () => {
    const sources = [...files(path.join(root, 'libs')), ...files(path.join(root, 'apps'))].filter((f) => !f.endsWith('.spec.ts'));
    const graph = new Map<string, string[]>();
    for (const f of sources) {
      // Type-only imports vanish at compile time and cannot form a run-time cycle.
      const deps = [...fs.readFileSync(f, 'utf8').matchAll(/^import (?!type )[^;]*?from\s+'(\.[^']+)'/gms)].flatMap((m) => {
        const t = path.resolve(path.dirname(f), m[1]);
        return [`${t}.ts`, path.join(t, 'index.ts')].filter((c) => fs.existsSync(c)).slice(0, 1);
      });
      graph.set(f, deps);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (n: string) => {
      state.set(n, 'open');
      stack.push(n);
      for (const d of graph.get(n) ?? []) {
        if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map(rel).join(' -> '));
        else if (!state.has(d)) visit(d);
      }
      stack.pop();
      state.set(n, 'done');
    };
    for (const n of graph.keys()) if (!state.has(n)) visit(n);
    expect(cycles).toEqual([]);
  });

  it('the rules catch what they forbid', () => {
    // The checks above must be able to fail: each forbidden shape is recognised.
    const f = path.join(root, 'libs', 'spaces', 'src', 'x.ts');
    expect(target(f, '@app/content')).toEqual({ context: 'content', public: true });
    expect(target(f, '@app/content/contracts')).toEqual({ context: 'content', public: true });
    expect(target(f, '@app/content/domain/tree')).toEqual({ context: 'content', public: false });
    expect(target(f, '../../content/src/domain/tree')).toEqual({ context: 'content', public: false });
    expect(levelOf.get('content')! > levelOf.get('spaces')!).toBe(true);
  });
});
