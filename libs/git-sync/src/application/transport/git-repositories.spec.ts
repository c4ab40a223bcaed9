import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '@app/platform';
import { startGitServer, GitServer } from '../../../../../test/support/git-server';
import { parseRemote } from './git-remote';
import { GitRemoteFailure, GitRepositories } from './git-repositories';

describe('GitRepositories over smart HTTP (git http-backend)', () => {
  let server: GitServer;
  let dataDir: string;
  const config = (allowed = ['127.0.0.1']) => PlatformConfig.fromEnv({}, { dataDir, outboundAllowedHosts: allowed, fetchTimeoutMs: 10_000 });
  const open = (repos: GitRepositories, url: string, cacheId = 'cache') => {
    const remote = parseRemote(url, []);
    const credentials = remote.kind === 'http' ? remote.credentials : null;
    return { remote, branch: 'main', cacheFolder: repos.cacheFolder('org', cacheId), credentials };
  };

  beforeAll(async () => {
    server = await startGitServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-repos-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fetches a branch, reads its files, commits only a changed file and pushes it', async () => {
    server.create('docs', { 'README.md': '# Hello\n', 'guide/setup.md': '# Setup\n' });
    const repos = new GitRepositories(config());
    await repos.with(open(repos, server.url('docs')), async (repo) => {
      const head = await repo.fetch();
      expect(head).toBe(server.head('docs'));
      const files = await repo.files(head!);
      expect([...files.keys()].sort()).toEqual(['README.md', 'guide/setup.md']);
      expect(Buffer.from(await repo.blob(files.get('README.md')!.oid)).toString()).toBe('# Hello\n');
      expect(await repo.message(head!)).toBe('Initial content\n');
      const next = new Map(files);
      next.set('guide/setup.md', { oid: await repo.writeBlob(Buffer.from('# Setup\n\nNew.\n')), mode: '100644' });
      const commit = await repo.commit(next, head, 'Update setup', { name: 'Ada', email: 'ada@example.com', timestamp: 1_770_000_000 });
      await repo.push(commit, false);
    });
    expect(server.read('docs', 'guide/setup.md')).toBe('# Setup\n\nNew.\n');
    expect(server.changed('docs')).toEqual(['guide/setup.md']);
    expect(server.info('docs')).toEqual({ message: 'Update setup', author: 'Ada <ada@example.com>' });
  });

  it('answers null for a branch an empty repository does not have, and pushes its first commit', async () => {
    server.create('empty');
    const repos = new GitRepositories(config());
    await repos.with(open(repos, server.url('empty'), 'empty'), async (repo) => {
      expect(await repo.fetch()).toBeNull();
      const oid = await repo.writeBlob(Buffer.from('# Hi\n'));
      const commit = await repo.commit(new Map([['README.md', { oid, mode: '100644' }]]), null, 'First', { name: 'A', email: 'a@b.c', timestamp: 1 });
      await repo.push(commit, false);
    });
    expect(server.read('empty', 'README.md')).toBe('# Hi\n');
  });

  it('fails clearly on wrong credentials, without them in the message', async () => {
    server.create('private', { 'README.md': '# P\n' });
    const repos = new GitRepositories(config());
    const url = server.url('private', { username: 'git-user', password: 'wrong-password-123' });
    const failure = await repos.with(open(repos, url, 'p'), (repo) => repo.fetch()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GitRemoteFailure);
    expect((failure as Error).message).toMatch(/authentication failed/);
    expect((failure as Error).message).not.toContain('wrong-password-123');
    // Sent only as the Authorization header, never in a URL.
    expect(server.requests.every((r) => !r.url.includes('wrong-password'))).toBe(true);
  });

  it('goes through the network guard: a loopback remote not listed in OUTBOUND_ALLOWED_HOSTS is refused', async () => {
    const repos = new GitRepositories(config([]));
    const before = server.requests.length;
    const failure = await repos.with(open(repos, server.url('docs'), 'g'), (repo) => repo.fetch()).catch((e: unknown) => e);
    expect((failure as Error).message).toMatch(/loopback, private/);
    expect(server.requests.length).toBe(before);
  });

  it('keeps cache folders inside DATA_DIR/git whatever the cache id', () => {
    const repos = new GitRepositories(config());
    for (const id of ['../../etc', '/abs', 'a/../../b', '..']) expect(path.dirname(repos.cacheFolder('org', id))).toBe(path.join(dataDir, 'git'));
  });
});
