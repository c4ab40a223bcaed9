import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EventStore, LoadShedder, PlatformConfig, ProjectionEngine, ProjectionStatus, Public, ReadStore } from '@app/platform';

interface Check {
  status: 'ok' | 'failed';
  message?: string;
  [detail: string]: unknown;
}

/** A check that hangs (an unreachable server store) fails after this, so probes get an answer. */
const CHECK_TIMEOUT_MS = 2000;

async function check(run: () => Promise<Omit<Check, 'status'> | void>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    return { status: 'ok', ...((await Promise.race([run(), timeout])) ?? {}) };
  } catch (e) {
    return { status: 'failed', message: (e as Error)?.message ?? String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for orchestrators and load balancers, outside /v1: no token, never rate limited,
 * never shed (LoadShedder lets health reads through).
 *
 * - `GET /health/live`: the process is up and its event loop answers.
 * - `GET /health/ready`: it can serve traffic — both stores answer, every projection that
 *   serves queries is at most `readyMaxLagEvents` behind the head, and it is not shutting
 *   down. 200 when ready, else 503; both with every check and each projection's progress.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly config: PlatformConfig,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly engine: ProjectionEngine,
    private readonly shedder: LoadShedder,
  ) {}

  @Public()
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response) {
    let projections: ProjectionStatus[] = [];
    const [eventStore, readStore, progress] = await Promise.all([
      check(async () => ({ headPosition: await this.events.headPosition() })),
      // A cheap read of the read store: one checkpoint row.
      check(async () => {
        await this.reads.checkpoint(this.engine.projectionNames()[0] ?? 'timers');
      }),
      check(async () => {
        projections = await this.engine.status();
      }),
    ]);
    const max = this.config.readyMaxLagEvents;
    const lagging = projections.filter((p) => p.servesQueries && p.lag > max);
    const checks: Record<string, Check> = {
      eventStore,
      readStore,
      projections:
        progress.status === 'failed'
          ? { ...progress, maxLagEvents: max }
          : lagging.length
            ? {
                status: 'failed',
                message: `${lagging.map((p) => `${p.name} is ${p.lag} events behind`).join('; ')} (at most ${max} allowed)`,
                maxLagEvents: max,
              }
            : { status: 'ok', maxLagEvents: max },
      shutdown: this.shedder.shuttingDown ? { status: 'failed', message: 'The server is shutting down' } : { status: 'ok' },
    };
    const failed = Object.keys(checks).filter((k) => checks[k].status === 'failed');
    const details = { failed, checks, projections, load: this.shedder.stats() };
    if (!failed.length) return { status: 'ok', ...details };
    res.status(503);
    // The error body every 5xx of the API carries, with the details beside it.
    const message = `Not ready: ${failed.map((k) => `${k} (${checks[k].message})`).join('; ')}`;
    return { status: 'unavailable', error: { code: 503, message }, ...details };
  }
}
