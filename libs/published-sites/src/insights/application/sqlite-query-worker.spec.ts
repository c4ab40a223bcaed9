import Database from 'better-sqlite3';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SqliteQueryWorker } from './sqlite-query-worker';

describe('SqliteQueryWorker: analytics queries on a connection of their own, off the event loop', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-worker-'));
    file = path.join(dir, 'a.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);');
    db.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers rows for named parameters, reports a failing statement, and starts again after close', async () => {
    const worker = new SqliteQueryWorker(file);
    expect(await worker.all('SELECT SUM(n) AS total FROM t WHERE n >= @min', { min: 2 })).toEqual([{ total: 5 }]);
    await expect(worker.all('SELECT nope FROM t', {})).rejects.toThrow('analytics query failed: no such column: nope');
    await worker.close();
    expect(await worker.all('SELECT COUNT(*) AS n FROM t', {})).toEqual([{ n: 3 }]);
    await worker.close();
  });

  it('reads only: a write is refused', async () => {
    const worker = new SqliteQueryWorker(file);
    await expect(worker.all('DELETE FROM t RETURNING n', {})).rejects.toThrow('attempt to write a readonly database');
    await worker.close();
  });
});
