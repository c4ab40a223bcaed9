import { Injectable } from '@nestjs/common';
import { AsOfReaders, Clock, SealedSecrets } from '@app/platform';
import { DeliveryDoc, EndpointDoc } from './webhook-dispatcher.projection';
import { SECRET_PURPOSE } from './webhook-signature';

/** Bodies kept by event (every endpoint of an event gets the same body; the object is read once). */
const BODIES = 1_000;

/** What a delivery sends: its body and the secrets that sign it, each computed once. */
@Injectable()
export class WebhookPayloads {
  private readonly bodies = new Map<string, Promise<string>>();
  /** Opened secrets by endpoint and sealed value (opening derives a key: not once per attempt). */
  private readonly secrets = new Map<string, string | null>();

  constructor(
    private readonly sealed: SealedSecrets,
    private readonly asOf: AsOfReaders,
    private readonly clock: Clock,
  ) {}

  /** `{type, timestamp, data: {auditEvent, object}}`: the same for every endpoint and attempt of an event. */
  body(d: DeliveryDoc): Promise<string> {
    let body = this.bodies.get(d.eventId);
    if (!body) {
      body = this.objectOf(d).then((object) =>
        JSON.stringify({ type: d.type, timestamp: d.auditEvent.occurredAt, data: { auditEvent: d.auditEvent, object } }),
      );
      this.bodies.set(d.eventId, body);
      if (this.bodies.size > BODIES) this.bodies.delete(this.bodies.keys().next().value!);
    }
    return body;
  }

  /** The current secret, and the previous one while its grace lasts (the domain's clock set it). */
  secretsOf(e: EndpointDoc): string[] {
    const open = (sealed: string) => {
      const key = `${e.id}\u0000${sealed}`;
      if (!this.secrets.has(key)) this.secrets.set(key, this.sealed.open(SECRET_PURPOSE, e.id, sealed));
      return this.secrets.get(key) ?? null;
    };
    const list = [open(e.sealedSecret)];
    if (e.previousSealedSecret && e.previousValidUntil && this.clock.now().toISOString() < e.previousValidUntil) list.push(open(e.previousSealedSecret));
    return list.filter((s): s is string => !!s);
  }

  /** The resource as its GET answered just after the event; null when gone or not readable. */
  private async objectOf(d: DeliveryDoc): Promise<unknown> {
    try {
      return (await this.asOf.read(d.auditEvent.target.type, d.auditEvent.target.id, { label: d.eventId, position: d.seq })) ?? null;
    } catch {
      return null;
    }
  }
}
