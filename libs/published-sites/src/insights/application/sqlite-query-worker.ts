import { Worker } from 'worker_threads';

/**
 * The worker's whole program (plain JavaScript, so it runs the same from the sources under test
 * and from dist/): a read-only connection to the analytics file answering one query at a time.
 */
const PROGRAM = `
const { parentPort, workerData } = require('worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
db.pragma('cache_size = -65536');
parentPort.on('message', ({ id, sql, params }) => {
  try {
    parentPort.postMessage({ id, rows: db.prepare(sql).all(params) });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

type Row = Record<string, unknown>;
interface Pending {
  resolve: (rows: Row[]) => void;
  reject: (e: Error) => void;
}

/**
 * Runs the analytics queries off the event loop: an aggregation over a year of a busy site
 * scans a million index entries (about half a second, more with distinct counts), which must not
 * hold up every other request of the process. Started on the first query; it keeps the process
 * alive only while a query is under way.
 */
export class SqliteQueryWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly file: string) {}

  all(sql: string, params: Record<string, unknown>): Promise<Row[]> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Row[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, sql, params });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(PROGRAM, { eval: true, workerData: { file: this.file, driver: require.resolve('better-sqlite3') } });
    worker.on('message', (m: { id: number; rows?: Row[]; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (m.error !== undefined) p?.reject(new Error(`analytics query failed: ${m.error}`));
      else p?.resolve(m.rows ?? []);
    });
    const failAll = (e: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`analytics query worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
