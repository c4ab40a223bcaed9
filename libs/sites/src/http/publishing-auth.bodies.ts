import { httpUrlProblem, IfPresent, Satisfies } from '@app/platform';
import { jwksUrlProblem, PUBLISHING_AUTH_BACKENDS, PublishingAuthBackend, PublishingAuthSettings } from '../domain/publishing-auth';

const orNull = (rule: (v: unknown, field: string) => string | null) => (v: unknown, field: string) => {
  const problem = v === null ? null : rule(v, field);
  return problem && `${problem}, or null to remove it`;
};
const backendProblem = (v: unknown, field: string) =>
  PUBLISHING_AUTH_BACKENDS.includes(v as PublishingAuthBackend) ? null : `${field}: must be one of ${PUBLISHING_AUTH_BACKENDS.join(', ')}`;

/**
 * Body of updateSitePublishingAuthById (reference SitePublishingAuthUpdate): `backend` (required,
 * as the reference's oneOf requires it), `fallbackURL` and our `jwksURL`; null removes a URL,
 * absent leaves it. The decider refuses the `integration` backend (no integration can be installed).
 */
export class UpdatePublishingAuthBody {
  @Satisfies('isBackend', backendProblem)
  backend!: PublishingAuthBackend;

  @IfPresent()
  @Satisfies('isUrlOrNull', orNull(httpUrlProblem))
  fallbackURL?: string | null;

  @IfPresent()
  @Satisfies('isJwksUrlOrNull', orNull(jwksUrlProblem))
  jwksURL?: string | null;

  changes(): Partial<PublishingAuthSettings> {
    return {
      backend: this.backend,
      ...(this.fallbackURL !== undefined ? { fallbackURL: this.fallbackURL } : {}),
      ...(this.jwksURL !== undefined ? { jwksURL: this.jwksURL } : {}),
    };
  }
}
