import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

/** The CLI as a process: what operators see on stdout and stderr, and the exit code. */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['-r', './test/support/register-ts.js', 'apps/cli/src/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const oneLine = (s: string) => s.trim().split('\n');

describe('CLI usage errors: one line, exit 2; failures: one line, exit 1', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-usage-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [['frobnicate'], /^error: unknown command "frobnicate"; commands: bootstrap, user, token, events, projections, spaces, keys$/],
    [['token', 'frob'], /^error: unknown token command "frob"; valid: create, list, revoke$/],
    [['projections'], /^error: "projections" needs a subcommand; valid: list, rebuild, parked, replay$/],
    [['projections', 'rebuild', 'nope'], /^error: unknown projection "nope"; valid: .*\bidentity\b.*\bspaces\b/],
    [['projections', 'parked', 'nope'], /^error: unknown projection or saga "nope"; valid: .*\bidentity\b/],
    [['events', '--bogus', '1'], /^error: unknown flag --bogus for "events"; valid: --after, --from, --limit, --stream, --type, --follow$/],
    [['events', '--follow=yes'], /^error: --follow takes no value$/],
    [['events', 'extra'], /^error: "events" takes no arguments, got "extra"$/],
    [['token', 'list', '--email'], /^error: --email needs a value$/],
  ])('%j', async (args, message) => {
    const r = await cli(dataDir, ...args);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(message)]);
  });

  it('a parked event that does not exist: exit 1, one line', async () => {
    const r = await cli(dataDir, 'projections', 'replay', 'nope');
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual(['error: No parked event with id nope (see projections parked)']);
  });

  it('user create refuses an existing email unless --if-absent; bootstrap and token create print the token id', async () => {
    const boot = await cli(dataDir, 'bootstrap', '--org', 'Acme', '--email', 'ada@example.com', '--name', 'Ada');
    expect(boot.code).toBe(0);
    const b = JSON.parse(boot.stdout);
    expect(Object.keys(b).sort()).toEqual(['organizationId', 'token', 'tokenId', 'userId']);

    const again = await cli(dataDir, 'user', 'create', '--email', 'ADA@example.com', '--name', 'Someone else');
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(oneLine(again.stderr)).toEqual([`error: a user with email ADA@example.com already exists (${b.userId}); pass --if-absent to reuse it`]);

    const reused = await cli(dataDir, 'user', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--if-absent');
    expect(reused.code).toBe(0);
    expect(JSON.parse(reused.stdout)).toEqual({ userId: b.userId, created: false, tokenId: expect.any(String), token: expect.any(String) });

    const fresh = await cli(dataDir, 'user', 'create', '--email', 'bob@example.com', '--name', 'Bob', '--if-absent');
    expect(JSON.parse(fresh.stdout)).toMatchObject({ created: true });

    const tok = await cli(dataDir, 'token', 'create', '--user', b.userId, '--name', 'ci');
    expect(Object.keys(JSON.parse(tok.stdout)).sort()).toEqual(['token', 'tokenId']);
  });
});
