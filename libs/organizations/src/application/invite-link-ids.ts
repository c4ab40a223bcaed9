import { Injectable } from '@nestjs/common';
import { SealedIds } from '@app/platform';
import { InviteNotFound } from '../domain/organization';

const PURPOSE = 'organization-invite-link';
/** Stands for an id that did not open: no invite has it (ids never contain NUL). */
const NO_INVITE = '\u0000';

/**
 * An invite link's id is a credential (whoever holds it may join), so events keep only the
 * invite's record id and the API hands out the sealed id (record id + MAC, see SealedIds), bound
 * to its organization. Invites created before this kept their record id in the events in clear:
 * that old id no longer works, admins list the links again to get the new ids.
 */
@Injectable()
export class InviteLinkIds {
  constructor(private readonly sealed: SealedIds) {}

  toPublic(organizationId: string, recordId: string): string {
    return this.sealed.seal(PURPOSE, organizationId, recordId);
  }

  /** The record id, or one no invite has (so decisions answer as for an unknown invite). */
  toRecord(organizationId: string, publicId: string): string {
    return this.sealed.open(PURPOSE, organizationId, publicId) ?? NO_INVITE;
  }

  /** Runs a decision on the record id; "not found" names the id the caller gave. */
  async withRecord<T>(organizationId: string, publicId: string, run: (recordId: string) => Promise<T>): Promise<T> {
    try {
      return await run(this.toRecord(organizationId, publicId));
    } catch (e) {
      if (e instanceof InviteNotFound) throw new InviteNotFound(publicId, organizationId);
      throw e;
    }
  }
}
