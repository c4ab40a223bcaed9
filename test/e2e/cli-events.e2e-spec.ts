import { execFile, spawn } from 'child_process';
import * as path from 'path';
import { promisify } from 'util';
import { EventStore, newEventId } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const CLI = ['-r', './test/support/register-ts.js', 'apps/cli/src/main.ts'];
const meta = (schemaVersion = 1) => ({ actor: 'test', occurredAt: new Date().toISOString(), correlationId: 'c', causationId: null, schemaVersion });

/** `cli events`: the audit view of the event log, paged through to the end, filtered, followed. */
describe('CLI events', () => {
  let t: TestApp;
  let store: EventStore;
  const NOTES = 1205;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(EventStore);
    // More than one page (and more than the old silent cap of 1,000).
    for (let i = 0; i < NOTES; i += 100) {
      const batch = Array.from({ length: Math.min(100, NOTES - i) }, (_, j) => ({
        id: newEventId(),
        type: 'NoteWritten',
        data: { n: i + j },
        metadata: meta(),
      }));
      await store.append('notes-bulk', batch, 'any');
    }
  });
  afterAll(async () => t.close());

  it('prints every event of the log, not the first 1,000', async () => {
    const head = await store.headPosition();
    const all = await t.cli('events');
    expect(all).toHaveLength(head);
    expect(all.map((e) => e.position)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    expect(all.filter((e) => e.type === 'NoteWritten').map((e) => e.data.n)).toEqual(Array.from({ length: NOTES }, (_, i) => i));
  });

  it('pages with --after and --limit (--from is an alias of --after)', async () => {
    const first = await t.cli('events', '--limit', '3');
    expect(first.map((e) => e.position)).toEqual([1, 2, 3]);
    const next = await t.cli('events', '--after', '3', '--limit', '1100');
    expect(next.map((e) => e.position)).toEqual(Array.from({ length: 1100 }, (_, i) => i + 4));
    expect(await t.cli('events', '--from', '3', '--limit', '2')).toEqual(next.slice(0, 2));
  });

  it('filters by --stream and by --type (comma-separated), across pages', async () => {
    const stream = await t.cli('events', '--stream', 'notes-bulk', '--after', '600');
    expect(stream).toHaveLength(NOTES - 600);
    expect(stream.every((e) => e.stream === 'notes-bulk' && e.position > 600)).toBe(true);
    expect((await t.cli('events', '--stream', 'notes-bulk', '--limit', '2')).map((e) => e.revision)).toEqual([0, 1]);

    await t.bootstrap('Typed');
    const typed = await t.cli('events', '--type', 'OrganizationCreated,UserRegistered');
    expect(typed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(typed.map((e) => e.type))).toEqual(new Set(['OrganizationCreated', 'UserRegistered']));
  });

  it('prints events after upcasting (old schema versions read as the current one)', async () => {
    const { position } = await store.append(
      'identity.user-legacy',
      [
        {
          id: newEventId(),
          type: 'UserRegistered',
          data: { userId: 'legacy', email: 'legacy@example.com', displayName: 'Legacy', registeredAt: '2020-01-01T00:00:00.000Z' },
          metadata: meta(1),
        },
      ],
      'no_stream',
    );
    const [e] = await t.cli('events', '--after', String(position - 1), '--limit', '1');
    expect(e).toMatchObject({ type: 'UserRegistered', data: { userId: 'legacy', emailVerified: true } });
  });

  it('rejects bad values of --after, --limit and --type', async () => {
    await expect(t.cli('events', '--after', '-1')).rejects.toThrow('--after');
    await expect(t.cli('events', '--limit', '0')).rejects.toThrow('--limit');
    await expect(t.cli('events', '--limit')).rejects.toThrow('--limit');
    await expect(t.cli('events', '--type', '')).rejects.toThrow('--type');
  });

  it('ends quietly with exit 0 when the reader goes away (| head -1)', async () => {
    const cmd = `set -o pipefail; "${process.execPath}" ${CLI.join(' ')} events | head -1`;
    const { stdout, stderr } = await run('bash', ['-c', cmd], { cwd: root, env: { ...process.env, DATA_DIR: t.dataDir } });
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ position: 1 });
    expect(stderr).toBe('');
  });

  it('--follow keeps printing new events until interrupted, then exits 0', async () => {
    const after = await store.headPosition();
    const child = spawn(process.execPath, [...CLI, 'events', '--follow', '--after', String(after), '--type', 'NoteFollowed'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const lines = () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    const waitForLines = async (n: number) => {
      const deadline = Date.now() + 20_000;
      while (lines().length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} lines, got: ${stdout} / ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      await store.append(
        'notes-follow',
        [
          { id: newEventId(), type: 'NoteFollowed', data: { n: 1 }, metadata: meta() },
          { id: newEventId(), type: 'NoteIgnored', data: { n: 2 }, metadata: meta() },
          { id: newEventId(), type: 'NoteFollowed', data: { n: 3 }, metadata: meta() },
        ],
        'any',
      );
      await waitForLines(2);
      // Appended once the follower has caught up: it is still listening.
      await store.append('notes-follow', [{ id: newEventId(), type: 'NoteFollowed', data: { n: 4 }, metadata: meta() }], 'any');
      await waitForLines(3);
      expect(lines().map((e) => e.data.n)).toEqual([1, 3, 4]);
      child.kill('SIGINT');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(stderr).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
