import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequest } from '../ddd/errors';
import { EventSourcing } from '../ddd/event-sourcing.service';
import { Rotation, SigningKeys } from './signing-keys';

export const SIGNING_KEYS_STREAM = 'platform.content-signing-keys';

/** `cli keys rotate [--grace <seconds>]`: a new signing key; the previous one verifies for the grace period. */
export class RotateSigningKeyCommand extends Command<Rotation> {
  /** Without a grace, links already handed out live their normal lifetime (SIGNED_URL_TTL_SECONDS). */
  constructor(readonly graceSeconds?: number) {
    super();
  }
}

/**
 * The key lives in the secret store; the event records only ids and the grace, for audits
 * (who rotated when, and until when old links worked).
 */
@CommandHandler(RotateSigningKeyCommand)
export class RotateSigningKeyHandler implements ICommandHandler<RotateSigningKeyCommand> {
  constructor(
    private readonly keys: SigningKeys,
    private readonly es: EventSourcing,
  ) {}

  async execute(cmd: RotateSigningKeyCommand): Promise<Rotation> {
    const grace = cmd.graceSeconds ?? this.keys.defaultGraceSeconds;
    if (!Number.isSafeInteger(grace) || grace < 0) throw new BadRequest('grace: must be a whole number of seconds, 0 or more');
    const rotation = this.keys.rotate(grace);
    await this.es.appendNew(SIGNING_KEYS_STREAM, [{ type: 'ContentSigningKeyRotated', data: { ...rotation } }]);
    return rotation;
  }
}
