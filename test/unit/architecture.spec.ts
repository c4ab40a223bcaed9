import * as fs from 'fs';
import * as path from 'path';

/**
 * Bounded contexts reach each other only through their public index (`@app/<context>`), never
 * through relative paths into another library or deep `@app/<context>/...` imports; domain code
 * has no Nest and no I/O.
 */
const root = path.resolve(__dirname, '..', '..');
const libs = fs.readdirSync(path.join(root, 'libs'));
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\('([^']+)'\)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

describe('architecture', () => {
  for (const lib of libs) {
    it(`libs/${lib} imports other contexts only through their index`, () => {
      const offenders: string[] = [];
      for (const file of files(path.join(root, 'libs', lib, 'src'))) {
        for (const spec of importsOf(file)) {
          const deep = /^@app\/([a-z-]+)\/(.+)$/.exec(spec);
          if (deep && deep[1] !== lib && !(deep[1] === 'platform' && file.endsWith('.spec.ts'))) offenders.push(`${path.relative(root, file)} -> ${spec}`);
          if (spec.startsWith('.')) {
            const target = path.resolve(path.dirname(file), spec);
            if (!target.startsWith(path.join(root, 'libs', lib) + path.sep)) offenders.push(`${path.relative(root, file)} -> ${spec}`);
          }
          if (lib !== 'platform' && spec === '@app/' + lib) offenders.push(`${path.relative(root, file)} imports its own index`);
        }
      }
      expect(offenders).toEqual([]);
    });

    it(`libs/${lib} domain code has no Nest, no I/O`, () => {
      const dir = path.join(root, 'libs', lib, 'src', 'domain');
      if (!fs.existsSync(dir)) return;
      const offenders = files(dir).flatMap((f) =>
        importsOf(f).filter((s) => /^@nestjs\/|^(fs|path|http|net|child_process|better-sqlite3|mongodb|@eventstore\/)/.test(s)).map((s) => `${path.relative(root, f)} -> ${s}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('the platform library depends on no bounded context', () => {
    const offenders = files(path.join(root, 'libs', 'platform', 'src')).flatMap((f) => importsOf(f).filter((s) => /^@app\/(?!platform)/.test(s)));
    expect(offenders).toEqual([]);
  });
});
