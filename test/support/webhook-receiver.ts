import * as http from 'http';
import type { AddressInfo } from 'net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver got, verified with `standardwebhooks` against the path's secrets. */
export interface ReceivedDelivery {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { type: string; timestamp: string; data: { auditEvent: { id: string; action: string; target: { type: string; id: string } }; object: unknown } };
  /** Which of the path's secrets verified it (their index), empty when none did. */
  verifiedBy: number[];
}

/**
 * A webhook receiver for tests, on 127.0.0.1: every POST is verified per Standard Webhooks with
 * each secret registered for its path, and recorded. It can answer with a failure status, or go
 * down (stop listening, so connections are refused) and come back up on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private server: http.Server | null = null;
  private port = 0;
  private readonly secrets = new Map<string, string[]>();
  /** The status answered per path (default 204). */
  readonly status = new Map<string, number>();

  async start(): Promise<this> {
    await this.listen();
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Secrets deliveries on `path` are verified with (the current one first; add the next on rotation). */
  setSecrets(path: string, secrets: string[]): void {
    this.secrets.set(path, secrets);
  }

  on(path: string): ReceivedDelivery[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Stops listening: connections are refused until `up()`. */
  async down(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  async up(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  close(): Promise<void> {
    return this.down();
  }

  /** Resolves once `predicate` holds, polling; fails with what was received after `timeoutMs`. */
  async waitFor(predicate: (r: ReceivedDelivery[]) => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline)
        throw new Error(`receiver: condition not met within ${timeoutMs} ms; received ${this.received.map((r) => `${r.path} ${r.body.type}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private listen(port = 0): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const headers = {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        };
        const verifiedBy = (this.secrets.get(path) ?? []).flatMap((secret, i) => {
          try {
            new Webhook(secret).verify(raw, headers);
            return [i];
          } catch {
            return [];
          }
        });
        let body: ReceivedDelivery['body'];
        try {
          body = JSON.parse(raw) as ReceivedDelivery['body'];
        } catch {
          body = { type: 'unparseable', timestamp: '', data: { auditEvent: { id: '', action: '', target: { type: '', id: '' } }, object: null } };
        }
        const status = this.status.get(path) ?? 204;
        if (status < 300)
          this.received.push({
            path,
            id: headers['webhook-id'],
            timestamp: headers['webhook-timestamp'],
            signature: headers['webhook-signature'],
            raw,
            body,
            verifiedBy,
          });
        res.writeHead(status).end();
      });
    });
    this.server = server;
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      }),
    );
  }
}
