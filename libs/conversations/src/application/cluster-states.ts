import { Injectable } from '@nestjs/common';
import { FoldedStates } from '@app/platform';

/**
 * The folded clustering states of this process and the one queue per organization that uses
 * them. The clustering state is a mutable index (issue-clusters.ts): two commands of one
 * process on one stream must not interleave, or the second could fold the first's events into
 * the shared state before the first applies them itself. Other processes have their own states;
 * the event store's expected revision orders them.
 */
@Injectable()
export class ClusterStates {
  readonly folded = new FoldedStates(200);
  private readonly queues = new Map<string, Promise<unknown>>();

  serialize<T>(organizationId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(organizationId) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(organizationId, settled);
    void settled.then(() => {
      if (this.queues.get(organizationId) === settled) this.queues.delete(organizationId);
    });
    return run;
  }
}
