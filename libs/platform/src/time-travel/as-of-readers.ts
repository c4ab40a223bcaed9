import { Injectable } from '@nestjs/common';
import { AsOfPoint } from './as-of';

/** Reads one resource as its GET answered at a point, or null when it did not exist then. */
export type AsOfReader = (id: string, point: AsOfPoint) => Promise<unknown>;

/**
 * The resources each context can answer as of a point, by audit target type (`space`,
 * `collection`, `organization`, `team`, `change-request`, …). Contexts register their readers
 * when their module starts; the audit context (above them all) uses it for a webhook's `object`.
 */
@Injectable()
export class AsOfReaders {
  private readonly readers = new Map<string, AsOfReader>();

  register(targetType: string, reader: AsOfReader): void {
    this.readers.set(targetType, reader);
  }

  types(): string[] {
    return [...this.readers.keys()];
  }

  /** The resource, null when it did not exist at the point, undefined when the type has no reader. */
  async read(targetType: string, id: string, point: AsOfPoint): Promise<unknown> {
    const reader = this.readers.get(targetType);
    return reader ? reader(id, point) : undefined;
  }
}
