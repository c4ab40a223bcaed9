import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { ProjectionEngine } from '../projections/projection-engine';
import { SqliteReadStore } from '../read-store/sqlite-read-store';

export interface EngineFixture {
  dir: string;
  events: SqliteEventStore;
  reads: SqliteReadStore;
  engine: ProjectionEngine;
}

/**
 * For engine specs: a projection engine over embedded stores in a fresh folder before each test
 * (`setup` may fill the store), stopped and removed after it. Read the fields inside tests.
 */
export function useEngineFixture(prefix: string, setup?: (f: EngineFixture) => Promise<void>): EngineFixture {
  const f = {} as EngineFixture;
  beforeEach(async () => {
    f.dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    f.events = new SqliteEventStore(path.join(f.dir, 'e.sqlite'));
    f.reads = new SqliteReadStore(path.join(f.dir, 'r.sqlite'));
    f.engine = new ProjectionEngine(f.events, f.reads, PlatformConfig.fromEnv({}, { dataDir: f.dir, retryDelaysMs: [1] }));
    await setup?.(f);
  });
  afterEach(async () => {
    await f.engine.stop();
    await f.events.close();
    await f.reads.close();
    fs.rmSync(f.dir, { recursive: true, force: true });
  });
  return f;
}
