import { ChildProcess, execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { deflateSync } from 'zlib';
import { entry, freePort, runAlone, waitUntilLive } from './http';

/**
 * PDF run (`npm run bench -- pdf`): the real server (main.ts) in its own process on a fresh data
 * folder holds a 500-page space (10 sections of 50 pages, each page ~2.5 KB of markdown with
 * headings, marks, links, a list, a table, a code block, Greek and Cyrillic text; a picture on
 * every 10th page). Measured: one GET of the signed PDF link, from request to the last byte,
 * and the server's peak resident set size while it answers (Linux: VmHWM after resetting it
 * through /proc/<pid>/clear_refs; elsewhere, or if that is refused, the process's lifetime peak).
 * Budget (issue 10): under 10 s and 200 MB.
 */
const PAGES = 500;
const SECTIONS = 10;
const BATCH = 50;

const run = promisify(execFile);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** A 400×300 RGB PNG with a gradient (compressible but not trivially), built here. */
function picture(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const [w, h] = [400, 300];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: h }, (_, y) => Buffer.from([0, ...Array.from({ length: w }, (_, x) => [x % 256, y % 256, (x + y) % 256]).flat()]));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function body(n: number): string {
  return [
    `## Overview of item ${n}`,
    `This page describes **component ${n}** in *detail*, with \`inline code\`, a [link to the site](https://example.com/docs/${n}) and a ~~deprecated~~ note. ` +
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
    'Ελληνικά: η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο. Русский: съешь же ещё этих мягких французских булок, да выпей чаю.',
    '- First step of the procedure\n- Second step, with **bold** words\n  1. A nested ordered step\n  2. Another one\n- [x] A finished task',
    '| Setting | Default | Meaning |\n| --- | :---: | ---: |\n| port | 8080 | listening port |\n| host | 0.0.0.0 | bind address |\n| workers | 4 | parallel workers |',
    '```ts\nexport function handler(input: Request): Response {\n  const value = compute(input.body);\n  return new Response(JSON.stringify({ value }));\n}\n```',
    ...(n % 10 === 0 ? ['![Architecture diagram](./diagram.png)'] : []),
    `### Details\n\nUt enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Page ${n} ends here.`,
  ].join('\n\n');
}

/** A field of /proc/<pid>/status in MB (Linux; NaN elsewhere): VmHWM is the peak RSS, VmRSS the current one. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
}
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function runPdfBench(): Promise<{ line: string; details: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-pdf-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' };
  const api = entry('api', __filename);
  let stderr = '';
  const start = () => {
    const server = spawn(process.execPath, api.args, { cwd: api.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    return server;
  };
  const stop = async (server: ChildProcess) => {
    server.kill('SIGKILL');
    await new Promise((r) => (server.exitCode !== null || server.signalCode !== null ? r(undefined) : server.once('exit', r)));
  };
  let child = start();
  try {
    await waitUntilLive(baseUrl, child, () => stderr);
    const cli = entry('cli', __filename);
    const { stdout } = await run(process.execPath, [...cli.args, 'bootstrap', '--org', 'PDF Org', '--email', 'pdf@example.com', '--name', 'PDF'], {
      cwd: cli.root,
      env,
    });
    const { organizationId, token } = JSON.parse(stdout.trim().split('\n')[0]) as { organizationId: string; token: string };
    const call = async (method: string, url: string, payload?: unknown): Promise<any> => {
      const res = await fetch(`${baseUrl}/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const json: unknown = await res.json();
      if (res.status >= 300) throw new Error(`${method} ${url} -> ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const space = (await call('POST', `/orgs/${organizationId}/spaces`, { title: 'PDF bench handbook' })).id as string;
    const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'Seed', status: 'open' })).id as string;
    const write = (changes: unknown[]) => call('POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    const sections = await write([
      { operation: 'insert_files', files: [{ ref: 'diagram.png', name: 'diagram.png', contentType: 'image/png', base64: picture().toString('base64') }] },
      ...Array.from({ length: SECTIONS }, (_, s) => ({ operation: 'insert_page', title: `Section ${s}`, document: { markdown: body(s * 1000) } })),
    ]);
    const sectionIds = (sections.changes as Array<{ page?: { id: string } }>).flatMap((c) => (c.page ? [c.page.id] : []));
    const perSection = PAGES / SECTIONS - 1;
    for (let s = 0; s < SECTIONS; s++) {
      for (let from = 0; from < perSection; from += BATCH) {
        const count = Math.min(BATCH, perSection - from);
        await write(
          Array.from({ length: count }, (_, i) => ({
            operation: 'insert_page',
            into: sectionIds[s],
            title: `Page ${s}.${from + i + 1}`,
            document: { markdown: body(s * 1000 + from + i + 1) },
          })),
        );
      }
    }
    await call('POST', `/spaces/${space}/change-requests/${cr}/merge`);
    const { url } = (await call('GET', `/spaces/${space}/pdf`)) as { url: string };
    // What generating costs, not what writing the fixture left behind: the PDF comes from a
    // server started on the folder, as one that has been running would serve it. The signed
    // link stays valid (its key is in DATA_DIR/secrets).
    const writerRss = statusMb(child.pid!, 'VmRSS');
    await stop(child);
    child = start();
    await waitUntilLive(baseUrl, child, () => stderr);
    const rssBefore = statusMb(child.pid!, 'VmRSS');
    const reset = resetPeak(child.pid!);
    const started = performance.now();
    const res = await fetch(`${baseUrl}${new URL(url).pathname}`);
    const pdf = Buffer.from(await res.arrayBuffer());
    const elapsed = performance.now() - started;
    if (res.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF link -> ${res.status}: ${pdf.subarray(0, 200).toString()}`);
    const peak = statusMb(child.pid!, 'VmHWM');
    const pdfPages = /\/Type \/Pages[^]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? '?';
    return {
      line: `pdf: pages=${PAGES} ms=${Math.round(elapsed)} peak_rss_mb=${Math.round(peak)}`,
      details: [
        `pdf: ${PAGES} content pages (${SECTIONS} sections), ${(pdf.length / 1e6).toFixed(1)} MB PDF of ${pdfPages} PDF pages`,
        `pdf: the server that wrote the space was at ${Math.round(writerRss)} MB; a server started on the folder at ${Math.round(rssBefore)} MB before the request; peak ${reset ? 'during the request (VmHWM reset just before)' : 'over the server process lifetime (VmHWM reset refused)'}`,
        `pdf: budget under 10 s and 200 MB ${elapsed < 10_000 && peak < 200 ? 'met' : '**not met**'}`,
      ],
    };
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node -r ./test/support/register-ts.js bench/pdf-bench.ts`: the PDF run alone, from the sources.
if (require.main === module) runAlone(runPdfBench);
