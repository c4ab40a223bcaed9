import { DomainError } from '../ddd/errors';

/** Errors of the HTTP edge, answered before a controller runs. */
export class PayloadTooLarge extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
