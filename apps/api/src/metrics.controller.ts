import { Controller, Get, Req, Res } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'crypto';
import type { Request, Response } from 'express';
import { bearerToken, Metrics, PlatformConfig, Public, Unauthorized } from '@app/platform';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant time whatever the lengths: digests of equal length are compared, never the strings. */
export const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

/**
 * Prometheus metrics, outside /v1 like the health probes: never rate limited, never shed.
 * No API token (a scraper is not a user); with METRICS_TOKEN set, `Authorization: Bearer
 * <METRICS_TOKEN>` is required, else it is open (keep it off the public network then).
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly config: PlatformConfig,
    private readonly metrics: Metrics,
  ) {}

  @Public()
  @Get()
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    const expected = this.config.metricsToken;
    if (expected) {
      const given = bearerToken(req);
      if (!given) throw new Unauthorized('Authentication required: send "Authorization: Bearer <METRICS_TOKEN>"');
      if (!sameSecret(given, expected)) throw new Unauthorized('The metrics token is invalid');
    }
    const text = await this.metrics.render();
    res.setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    // A buffer, so Express sends the exposition format's content type as it is.
    res.send(Buffer.from(text));
  }
}
