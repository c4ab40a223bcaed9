import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';

/** Where this machine's git keeps its programs (`/usr/lib/git-core` on Debian). */
const BACKEND = path.join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export interface GitServer {
  /** `http://user:password@127.0.0.1:<port>/<name>.git` (credentials included unless `auth: false`). */
  url(name: string, auth?: boolean | { username: string; password: string }): string;
  /** A bare repository `<name>.git` whose `main` holds `files` in one commit (none: an empty repository). */
  create(name: string, files?: Record<string, string | Buffer>): void;
  /** A commit on `branch` made with the git CLI in a fresh clone: files written (null deletes), returns its oid. */
  commit(name: string, files: Record<string, string | Buffer | null>, message: string, branch?: string): string;
  /** A file of a branch's head, or null. */
  read(name: string, file: string, branch?: string): string | null;
  /** The paths of a branch's head. */
  list(name: string, branch?: string): string[];
  head(name: string, branch?: string): string;
  /** The head commit's message and author. */
  info(name: string, branch?: string): { message: string; author: string };
  /** Files changed by the head commit of the branch. */
  changed(name: string, branch?: string): string[];
  /** Requests served, with their Authorization headers as received (to assert what was sent). */
  requests: Array<{ method: string; url: string; authorization: string | undefined }>;
  /** Holds every request from now on until `release()` (a remote that stops answering mid-operation). */
  hold(): void;
  release(): void;
  /** Requests waiting on a hold. */
  waiting(): number;
  root: string;
  close(): Promise<void>;
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Git Tester',
  GIT_AUTHOR_EMAIL: 'tester@example.com',
  GIT_COMMITTER_NAME: 'Git Tester',
  GIT_COMMITTER_EMAIL: 'tester@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

/**
 * Debian's git over smart HTTP for the tests: `git http-backend` (CGI) serving bare repositories
 * the test creates under a temporary GIT_PROJECT_ROOT, pushes enabled (http.receivepack), behind
 * basic auth (one user), on 127.0.0.1. Commits "made in git" are made with the git CLI.
 */
export async function startGitServer(credentials = { username: 'git-user', password: 's3cret-token' }): Promise<GitServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'git-server-'));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'git-home-'));
  const env = { ...GIT_ENV, HOME: home };
  const run = (args: string[], cwd?: string) => execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const requests: GitServer['requests'] = [];
  let held: Array<() => void> | null = null;

  const server = http.createServer((req, res) => {
    if (held) {
      held.push(() => serve(req, res));
      return;
    }
    serve(req, res);
  });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' }).end('authentication required');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cgi = spawn(BACKEND, [], {
      env: {
        ...env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_USER: credentials.username,
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const i = line.indexOf(':');
        const [k, v] = [line.slice(0, i).trim(), line.slice(i + 1).trim()];
        if (k.toLowerCase() === 'status') status = parseInt(v, 10);
        else res.setHeader(k, v);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.stdout.on('end', () => res.end());
    cgi.on('error', () => res.writeHead(500).end());
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const bare = (name: string) => path.join(root, `${name}.git`);

  const clone = (name: string, branch: string) => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'git-work-'));
    run(['clone', '-q', bare(name), work]);
    const branches = run(['branch', '-r'], work);
    if (branches.includes(`origin/${branch}`)) run(['checkout', '-q', branch], work);
    else run(['checkout', '-q', '--orphan', branch], work);
    return work;
  };
  const write = (work: string, files: Record<string, string | Buffer | null>) => {
    for (const [file, content] of Object.entries(files)) {
      const at = path.join(work, file);
      if (content === null) fs.rmSync(at, { force: true });
      else {
        fs.mkdirSync(path.dirname(at), { recursive: true });
        fs.writeFileSync(at, content);
      }
    }
  };
  const s: GitServer = {
    root,
    requests,
    hold: () => void (held ??= []),
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((go) => go());
    },
    waiting: () => held?.length ?? 0,
    url: (name, auth = true) => {
      const c = auth === true ? credentials : auth || null;
      const who = c ? `${encodeURIComponent(c.username)}:${encodeURIComponent(c.password)}@` : '';
      return `http://${who}127.0.0.1:${port}/${name}.git`;
    },
    create(name, files) {
      run(['init', '-q', '--bare', '-b', 'main', bare(name)]);
      run(['config', 'http.receivepack', 'true'], bare(name));
      if (files && Object.keys(files).length) s.commit(name, files, 'Initial content');
    },
    commit(name, files, message, branch = 'main') {
      const work = clone(name, branch);
      try {
        write(work, files);
        run(['add', '-A'], work);
        run(['commit', '-q', '-m', message], work);
        run(['push', '-q', 'origin', `HEAD:refs/heads/${branch}`], work);
        return run(['rev-parse', 'HEAD'], work).trim();
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    read(name, file, branch = 'main') {
      try {
        return run(['--git-dir', bare(name), 'show', `${branch}:${file}`]);
      } catch {
        return null;
      }
    },
    list: (name, branch = 'main') =>
      run(['--git-dir', bare(name), 'ls-tree', '-r', '--name-only', branch])
        .split('\n')
        .filter(Boolean),
    head: (name, branch = 'main') => run(['--git-dir', bare(name), 'rev-parse', branch]).trim(),
    info(name, branch = 'main') {
      const [message, author] = run(['--git-dir', bare(name), 'log', '-1', '--format=%B%x00%an <%ae>', branch]).split('\0');
      return { message: message.trim(), author: author.trim() };
    },
    changed: (name, branch = 'main') =>
      run(['--git-dir', bare(name), 'show', '--name-only', '--format=', branch])
        .split('\n')
        .filter(Boolean),
    async close() {
      s.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
  return s;
}
