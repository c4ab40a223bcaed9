import { IsString, ValidateIf } from 'class-validator';
import { IfPresent } from '@app/platform';

/**
 * Body of updateUserById: at least one of `displayName` (1..64 characters, the decider's rule)
 * and `photoURL` (an absolute http(s) URL, or null to remove the photo).
 */
export class UpdateUserBody {
  @IfPresent()
  @IsString({ message: '$property: must be a string of 1 to 64 characters' })
  displayName?: string;

  @IfPresent()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: '$property: must be an absolute http(s) URL, or null to remove the photo' })
  photoURL?: string | null;
}
