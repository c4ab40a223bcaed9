import { Injectable } from '@nestjs/common';
import { BadRequest, ReadStore } from '@app/platform';
import { CUSTOM_HOSTNAMES, CustomHostnameDoc } from './hostname.projection';

/**
 * The seam for the site aggregate's writes: a custom hostname leads to one site, across every
 * organization, so setting one another site holds is refused (without saying whose it is).
 */
@Injectable()
export class CustomHostnames {
  constructor(private readonly store: ReadStore) {}

  /** The site holding `hostname`, or null. */
  async holder(hostname: string): Promise<string | null> {
    return (await this.store.get<CustomHostnameDoc>(CUSTOM_HOSTNAMES, hostname))?.siteId ?? null;
  }

  /** 400 naming the field when another site holds the hostname. */
  async requireFree(hostname: string, siteId: string, field = 'hostname'): Promise<void> {
    const holder = await this.holder(hostname);
    if (holder !== null && holder !== siteId) throw new BadRequest(`${field}: ${hostname} is already the custom hostname of another site`);
  }
}
