import { ChildProcess, execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';

/**
 * The API and the CLI as real processes (main.ts through swc, like cli.e2e-spec.ts: no build
 * step, so parallel test files never race on dist/), for what only a process can show:
 * signals, exit codes, kill -9.
 */
const root = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-proc-'));

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

export interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** One request on its own connection (no keep-alive pool to outlive the server). */
export function request(baseUrl: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, baseUrl),
      {
        method,
        agent: false,
        headers: text === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = raw;
          try {
            parsed = JSON.parse(raw);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, body: parsed, headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['-r', './test/support/register-ts.js', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    try {
      if ((await request(baseUrl, 'GET', '/health/live')).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /health/live:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, dataDir, child, output: () => output, exited };
}

/** `cli <args>` on a data folder; its JSON lines. */
export async function cliProcess(dataDir: string, ...args: string[]): Promise<any[]> {
  const { stdout } = await run(process.execPath, ['-r', './test/support/register-ts.js', 'apps/cli/src/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

/** Polls until `ready` answers true, or fails after `ms`. */
export async function eventually(ready: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
