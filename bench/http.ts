import * as net from 'net';

/** A TCP port nobody listens on right now (for a server the bench starts as a child process). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Creates a space through the API (POST /v1/orgs/{org}/spaces) and answers its id. */
export async function createSpaceOver(baseUrl: string, organizationId: string, token: string, title: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/orgs/${organizationId}/spaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /v1/orgs/${organizationId}/spaces -> ${res.status}: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}
