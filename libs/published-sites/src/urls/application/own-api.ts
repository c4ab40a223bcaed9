import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application, Request } from 'express';
import { internalGet, ServiceUnavailable } from '@app/platform';

export type Json = Record<string, unknown>;

/**
 * This API's own representations, read in-process as the caller of the current request
 * (internalGet: the route's guards, access checks, handler and filters, no socket). A URL
 * names a resource of this server; what it resolves to is exactly what a GET of that
 * resource's location answers the same caller (the reference shape, the caller's permissions,
 * a 404 for what they may not see) — whichever context owns it.
 */
@Injectable()
export class OwnApi {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** The body of `GET /v1/<segments…>` as the caller of `req`; null when they get a 4xx. */
  async get<T = Json>(req: Request, segments: string[]): Promise<T | null> {
    const path = `/v1/${segments.map(encodeURIComponent).join('/')}`;
    const res = await internalGet(this.adapterHost.httpAdapter.getInstance<Application>(), req, path);
    if (!res || (res.status >= 400 && res.status < 500)) return null;
    if (res.status === 503)
      throw new ServiceUnavailable('The read models are catching up: the URL cannot be resolved yet; retry shortly', Number(res.headers['retry-after']) || 1);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status} while resolving a URL`);
    return JSON.parse(res.body) as T;
  }
}
