import { SiteEvent } from '../site.events';
import { evolveStructure } from './structure.evolve';
import { Structure } from './structure';

type DataOf<T extends SiteEvent['type']> = Omit<Extract<SiteEvent, { type: T }>['data'], 'siteId'>;

/**
 * Events decided one after the other on a structure that follows them: a decision made of
 * several events (a section that takes in site spaces, a group dissolved into its parent) reads
 * the structure as the previous events left it, exactly as evolve will.
 */
export class StructureDecision {
  readonly events: SiteEvent[] = [];

  constructor(
    public structure: Structure,
    private readonly siteId: string,
  ) {}

  emit<T extends SiteEvent['type']>(type: T, data: DataOf<T>): this {
    const e = { type, data: { ...data, siteId: this.siteId } } as unknown as SiteEvent;
    this.events.push(e);
    this.structure = evolveStructure(this.structure, e);
    return this;
  }
}
