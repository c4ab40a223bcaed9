import { BadRequest, NotFound } from '@app/platform';

export class ImportRunNotFound extends NotFound {
  constructor(id: string) {
    super(`importRunId: no import run with id ${id} in this organization`);
  }
}

/** Cancelling a run that already ended (completed or failed): nothing is left to stop. */
export class ImportRunFinished extends BadRequest {
  constructor(id: string, status: string) {
    super(`importRunId: the import run ${id} is ${status}; only a pending or in-progress run can be cancelled`);
  }
}

/** Longest failure reason kept. */
export const REASON_MAX = 1_000;

export const clipReason = (reason: string) => ([...reason].length > REASON_MAX ? `${[...reason].slice(0, REASON_MAX - 1).join('')}…` : reason);
