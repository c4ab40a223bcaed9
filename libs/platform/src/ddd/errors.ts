/**
 * Named rule errors thrown by pure domain code. Each carries the HTTP status the API answers
 * with; the global exception filter turns them into `{"error":{"code","message"}}`.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required: send "Authorization: Bearer <token>" with a valid API token') {
    super(401, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PreconditionFailed extends DomainError {
  constructor(message: string) {
    super(412, message);
  }
}
export class ServiceUnavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(503, message);
  }
}
