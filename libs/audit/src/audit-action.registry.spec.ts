import * as path from 'path';
import * as ts from 'typescript';
import { AUDIT_ACTIONS, AUDIT_ACTION_LISTS, AuditActionRegistry, BOOKKEEPING_EVENTS } from './audit-action.registry';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The event types each context's deciders can append, read with the compiler from every
 * `Decider<S, C, E>`: the `type` literals of E. A new event that no context maps (and that is
 * not bookkeeping) fails here, so the audit log stays complete by construction.
 */
function deciderEventTypes(): Map<string, Set<string>> {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // Test helpers (a context's testing/ folder) append nothing in production.
  const files = parsed.fileNames.filter(
    (f) => f.includes(`${path.sep}libs${path.sep}`) && !f.endsWith('.spec.ts') && !f.includes(`${path.sep}testing${path.sep}`),
  );
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const byContext = new Map<string, Set<string>>();
  for (const sf of program.getSourceFiles()) {
    const rel = path.relative(path.join(ROOT, 'libs'), sf.fileName);
    if (rel.startsWith('..') || rel.includes('node_modules') || sf.fileName.endsWith('.spec.ts')) continue;
    const context = rel.split(path.sep)[0];
    const visit = (n: ts.Node): void => {
      if (ts.isTypeReferenceNode(n) && n.typeName.getText(sf) === 'Decider' && n.typeArguments?.length === 3) {
        const events = checker.getTypeFromTypeNode(n.typeArguments[2]);
        for (const e of events.isUnion() ? events.types : [events]) {
          const typeProp = e.getProperty('type');
          if (!typeProp) continue;
          const literal = checker.getTypeOfSymbolAtLocation(typeProp, n);
          for (const l of literal.isUnion() ? literal.types : [literal]) {
            if (l.isStringLiteral()) (byContext.get(context) ?? byContext.set(context, new Set()).get(context)!).add(l.value);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return byContext;
}

describe('audit action registry', () => {
  const appended = deciderEventTypes();

  it('finds the deciders of the contexts (the scan itself works)', () => {
    expect(appended.get('spaces')).toContain('SpaceCreated');
    expect(appended.get('content')).toContain('ChangeRequestMerged');
    expect(appended.get('platform')).toContain('IdempotencyKeyClaimed');
  });

  it.each([...appended.keys()])('maps every event the %s context appends to an action (or names it bookkeeping)', (context) => {
    const unmapped = [...appended.get(context)!].filter((t) => !AUDIT_ACTIONS.definition(t) && !BOOKKEEPING_EVENTS.has(t));
    expect(unmapped).toEqual([]);
  });

  it('maps only events that exist and never bookkeeping', () => {
    const all = new Set([...appended.values()].flatMap((s) => [...s]));
    // The audit context's own list may name events of its parts before their deciders exist.
    const mapped = Object.entries(AUDIT_ACTION_LISTS)
      .filter(([c]) => c !== 'audit')
      .flatMap(([, list]) => list.map((d) => d.event));
    expect(mapped.filter((t) => !all.has(t))).toEqual([]);
    expect(mapped.filter((t) => BOOKKEEPING_EVENTS.has(t))).toEqual([]);
  });

  it('uses dotted lower-case action ids and one label per action', () => {
    for (const { id, label } of AUDIT_ACTIONS.actions()) {
      expect(id).toMatch(/^[a-z][a-z-]*(\.[a-z][a-z-]*)+$/);
      expect(label.length).toBeGreaterThan(0);
    }
  });

  it('refuses an event mapped twice and an action with two labels', () => {
    const def = { event: 'X', action: 'x.done', label: 'X done', target: () => ({ type: 'x', id: '1' }) };
    expect(() => new AuditActionRegistry([[def], [def]])).toThrow(/mapped twice/);
    expect(() => new AuditActionRegistry([[def, { ...def, event: 'Y', label: 'Other' }]])).toThrow(/two labels/);
  });
});
