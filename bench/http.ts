import { ChildProcess, execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';

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

/** From dist/ (npm run bench) the compiled apps; from the sources, the TypeScript through swc. */
export function entry(app: 'api' | 'cli', benchFile: string): { root: string; args: string[] } {
  if (path.extname(benchFile) === '.js') return { root: path.resolve(path.dirname(benchFile), '..', '..'), args: [`dist/apps/${app}/src/main.js`] };
  return { root: path.resolve(path.dirname(benchFile), '..'), args: ['-r', './test/support/register-ts.js', `apps/${app}/src/main.ts`] };
}

/** Resolves once the server answers /health/live; throws if it exits or does not come up in a minute. */
export async function waitUntilLive(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(`${baseUrl}/health/live`)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up: ${stderr()}`);
}

/**
 * Runs one bench part alone (`node -r ./test/support/register-ts.js bench/<part>.ts`, from the
 * sources): its details on stderr, its figure line on stdout, exit 1 with the stack on failure.
 */
export function runAlone(part: () => Promise<{ line: string; details: string[] }>): void {
  part().then(
    (r) => {
      for (const d of r.details) process.stderr.write(`[bench] ${d}\n`);
      process.stdout.write(r.line + '\n');
      process.exit(0);
    },
    (e) => {
      process.stderr.write(`[bench] failed: ${e?.stack ?? e}\n`);
      process.exit(1);
    },
  );
}

/** The real server (main.ts) in its own process on a fresh data folder, with an organization and its admin's token. */
export interface BenchServer {
  baseUrl: string;
  organizationId: string;
  token: string;
  /** Kills the server and removes its data folder. */
  stop(): Promise<void>;
}

export async function startBenchServer(name: string): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-api-${name}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' };
  const api = entry('api', __filename);
  let stderr = '';
  const server = spawn(process.execPath, api.args, { cwd: api.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const stop = async () => {
    server.kill('SIGKILL');
    await new Promise((r) => (server.exitCode !== null || server.signalCode !== null ? r(undefined) : server.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilLive(baseUrl, server, () => stderr);
    const cli = entry('cli', __filename);
    const argv = [...cli.args, 'bootstrap', '--org', `${name} org`, '--email', `${name}@example.com`, '--name', name];
    const { stdout } = await promisify(execFile)(process.execPath, argv, { cwd: cli.root, env });
    const { organizationId, token } = JSON.parse(stdout.trim().split('\n')[0]) as { organizationId: string; token: string };
    return { baseUrl, organizationId, token, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
