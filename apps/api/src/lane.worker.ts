import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import * as os from 'os';
import { parentPort, workerData } from 'worker_threads';
import { createLogger, LanePacer, PinoNestLogger, PlatformConfig, ProjectionEngine } from '@app/platform';
import { AppModule } from './app.module';

/**
 * A lane's worker thread (see LaneThreads): the application without HTTP, whose modules run
 * only the work of `workerData.lane` (deliversHere in the webhooks context, say). Stops on
 * the parent's 'stop' and says 'stopped'; a failure to start is posted as `{ failed }`.
 */
/**
 * The lane's thread runs below the API's: when both want a core, requests go first (on Linux
 * a nice value belongs to a thread, so this leaves the rest of the process as it is).
 */
const LANE_NICE = 10;

async function run(): Promise<void> {
  const { lane, config: plain } = workerData as { lane: string; config: Record<string, unknown> };
  try {
    os.setPriority(Math.max(os.getPriority(), LANE_NICE));
  } catch {
    // Not permitted here: the lane keeps the process's priority.
  }
  // Projections, sagas and timers stay with the parent: here only the lane's own work runs.
  const config = Object.assign(new PlatformConfig(), plain, { lane, runWorkers: false });
  const app = await NestFactory.createApplicationContext(AppModule.register({ config }), { logger: false, bufferLogs: true });
  app.useLogger(new PinoNestLogger(createLogger(config.logLevel).child({ lane })));
  // Where the parent's projections are (see LaneThreads.answer), asked when needed.
  const asked = new Map<number, (position: number) => void>();
  let next = 0;
  app.get(ProjectionEngine).answerPositionsFrom(
    (names) =>
      new Promise<number>((resolve) => {
        asked.set(++next, resolve);
        parentPort!.postMessage({ type: 'position?', id: next, names });
      }),
  );
  await app.init();
  const pacer = app.get(LanePacer);
  parentPort!.on('message', (m: unknown) => {
    if (isLoad(m)) return pacer.told(m.busy);
    if (isPosition(m)) {
      asked.get(m.id)?.(m.position);
      asked.delete(m.id);
      return;
    }
    if (m !== 'stop') return;
    app
      .close()
      .catch(() => undefined)
      .finally(() => {
        parentPort!.postMessage('stopped');
        parentPort!.close();
      });
  });
  parentPort!.postMessage('ready');
}

const isLoad = (m: unknown): m is { type: 'load'; busy: number } =>
  !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'load' && typeof (m as { busy?: unknown }).busy === 'number';

const isPosition = (m: unknown): m is { type: 'position'; id: number; position: number } =>
  !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'position';

run().catch((e: unknown) => {
  parentPort!.postMessage({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  parentPort!.close();
});
