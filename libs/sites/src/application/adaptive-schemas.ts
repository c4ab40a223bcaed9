import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import type { AdaptiveSchema } from '../domain/adaptive/adaptive-schema';
import { ADAPTIVE_SCHEMAS, AdaptiveSchemaDoc } from './adaptive-schema.projection';

/** A site's current adaptive schema from the read model (null before one is set). */
@Injectable()
export class AdaptiveSchemas {
  constructor(private readonly store: ReadStore) {}

  async current(siteId: string): Promise<AdaptiveSchema | null> {
    const doc = await this.store.get<AdaptiveSchemaDoc>(ADAPTIVE_SCHEMAS, siteId);
    return doc ? { jsonSchema: doc.jsonSchema, updatedAt: doc.updatedAt } : null;
  }
}
