import { BadRequest, NotFound } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { user, UserEvent } from './user';
import { OnlyOwnProfile, UpdateUserProfile } from './user-profile';

const NOW = new Date('2026-01-02T00:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'a@b.test', displayName: 'Ada', registeredAt: '2026-01-01T00:00:00.000Z', emailVerified: true },
};
const update = (over: Partial<UpdateUserProfile> = {}): UpdateUserProfile => ({ type: 'UpdateUserProfile', userId: 'u1', actorId: 'u1', ...over });
const updated = (changes: object): UserEvent => ({ type: 'UserProfileUpdated', data: { userId: 'u1', changes, updatedAt: NOW.toISOString() } });

describe('user profile (UpdateUserProfile)', () => {
  it('changes the display name (trimmed) and the photo, only what differs', () => {
    given(user, registered)
      .whenCommand(update({ displayName: ' Ada L. ', photoURL: 'https://img.example.com/ada.png' }), NOW)
      .then([updated({ displayName: 'Ada L.', photoURL: 'https://img.example.com/ada.png' })]);
    given(user, registered)
      .whenCommand(update({ displayName: 'Ada', photoURL: 'https://img.example.com/a.png' }), NOW)
      .then([updated({ photoURL: 'https://img.example.com/a.png' })]);
  });

  it('the same values again, or no field, change nothing; null removes the photo', () => {
    const withPhoto = given(user, registered, updated({ photoURL: 'https://img.example.com/a.png' }));
    expect(withPhoto.state).toEqual({ exists: true, email: 'a@b.test', displayName: 'Ada', photoURL: 'https://img.example.com/a.png' });
    withPhoto.whenCommand(update({ displayName: 'Ada', photoURL: 'https://img.example.com/a.png' }), NOW).thenNothing();
    withPhoto.whenCommand(update(), NOW).thenNothing();
    withPhoto.whenCommand(update({ photoURL: null }), NOW).then([updated({ photoURL: null })]);
    given(user, registered)
      .whenCommand(update({ photoURL: null }), NOW)
      .thenNothing();
  });

  it("someone else's profile is 403, whether or not that user exists", () => {
    given(user, registered)
      .whenCommand(update({ actorId: 'u2' }))
      .thenThrows(OnlyOwnProfile);
    given(user)
      .whenCommand(update({ actorId: 'u2' }))
      .thenThrows(OnlyOwnProfile);
  });

  it('an unknown user updating themselves is 404', () => {
    given(user)
      .whenCommand(update({ displayName: 'X' }))
      .thenThrows(NotFound);
  });

  it('refuses a name out of 1..64 characters and a photo that is not an http(s) URL (400)', () => {
    for (const displayName of ['  ', 'x'.repeat(65)]) given(user, registered).whenCommand(update({ displayName })).thenThrows(BadRequest);
    for (const photoURL of ['javascript:alert(1)', 'not a url', `https://x.test/${'a'.repeat(2048)}`])
      given(user, registered).whenCommand(update({ photoURL })).thenThrows(BadRequest);
  });
});
