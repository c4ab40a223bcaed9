import { BadRequest, Forbidden, httpUrlProblem, NotFound } from '@app/platform';

/** PATCH /v1/users/{userId}: what a user may change of their own profile (reference updateUserById). */
export interface UpdateUserProfile {
  type: 'UpdateUserProfile';
  userId: string;
  /** Who asks: only the user themselves may change their profile. */
  actorId: string;
  displayName?: string;
  /** null removes the photo. */
  photoURL?: string | null;
}

export type ProfileChanges = { displayName?: string; photoURL?: string | null };

/** The reference's bound for a display name given on update (registration allows 100). */
export const PROFILE_NAME_MAX = 64;

export class OnlyOwnProfile extends Forbidden {
  constructor() {
    super('Users can only update their own profile (displayName, photoURL)');
  }
}

/**
 * The fields that change. Someone else's profile is 403 whether or not that user exists, so
 * the answer tells nothing about other users; the same values again change nothing.
 */
export function checkProfileChanges(c: UpdateUserProfile, s: { exists: boolean; displayName: string | null; photoURL: string | null }): ProfileChanges {
  if (c.actorId !== c.userId) throw new OnlyOwnProfile();
  if (!s.exists) throw new NotFound(`No user with id ${c.userId}`);
  const changes: ProfileChanges = {};
  if (c.displayName !== undefined) {
    const name = c.displayName.trim();
    if (name.length < 1 || name.length > PROFILE_NAME_MAX) throw new BadRequest(`displayName: must be 1 to ${PROFILE_NAME_MAX} characters`);
    if (name !== s.displayName) changes.displayName = name;
  }
  if (c.photoURL !== undefined) {
    const problem = c.photoURL === null ? null : httpUrlProblem(c.photoURL, 'photoURL');
    if (problem) throw new BadRequest(problem);
    if (c.photoURL !== s.photoURL) changes.photoURL = c.photoURL;
  }
  return changes;
}
