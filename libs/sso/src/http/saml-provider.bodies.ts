import { IsString, ValidateIf } from 'class-validator';
import { IfPresent, IsRoleOrNull, Role } from '@app/platform';

/** Lengths, the URL's form and the certificate are the decider's rules (domain/saml-provider.ts). */
const LABEL = { message: '$property: must be a string of 1 to 30 characters' };
const ENTITY_ID = { message: '$property: must be a string of at most 1024 characters (the IdP’s entity ID)' };
const CERTIFICATE = { message: '$property: must be a string: the IdP’s X.509 signing certificate (PEM)' };
const SSO_URL = { message: '$property: must be an absolute http(s) URL of at most 2048 characters (the IdP’s sign-in URL)' };
const TEAM = { message: '$property: must be a team id (or null for none)' };

/** The IdP's fields, each optional in both bodies (a provider stays pending until they are all set). */
class SamlProviderFields {
  @IfPresent()
  @IsString(ENTITY_ID)
  entityID?: string;

  @IfPresent()
  @IsString(CERTIFICATE)
  certificate?: string;

  @IfPresent()
  @IsString(SSO_URL)
  ssoURL?: string;

  @IfPresent()
  @ValidateIf((_o, v) => v !== null)
  @IsString(TEAM)
  defaultTeam?: string | null;

  @IfPresent()
  @IsRoleOrNull()
  defaultRole?: Role | null;
}

/** Body of createOrganizationSAMLProvider: `label` is required; the IdP's fields may follow by PATCH (status pending until then). */
export class CreateSamlProviderBody extends SamlProviderFields {
  @IsString(LABEL)
  label!: string;
}

/** Body of updateOrganizationSAMLProvider: any of the create fields. */
export class UpdateSamlProviderBody extends SamlProviderFields {
  @IfPresent()
  @IsString(LABEL)
  label?: string;
}
