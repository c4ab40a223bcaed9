import 'reflect-metadata';
import { DomainError } from '@app/platform';
import { checkCommandLine, isFollowing, openContext, runCli, UsageError, USAGE } from './cli';

/**
 * Exit codes: 0 done (also when the reader of stdout went away, e.g. `| head`, or Ctrl-C ended
 * `--follow`), 1 the command failed, 2 the command line is wrong, 130/143 interrupted.
 * Errors are one line on stderr; stdout carries only JSON lines.
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  checkCommandLine(argv); // before connecting to any store
  const stop = new AbortController();
  let readerGone = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    readerGone = true;
    stop.abort();
  });
  const following = isFollowing(argv);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      // A follower stops and closes its stores; anything else ends now (stores are crash-safe).
      if (following) stop.abort();
      else process.exit(code);
    });
  }
  const out = (line: string): void | Promise<void> => {
    if (readerGone) return;
    if (process.stdout.write(line + '\n')) return;
    // Backpressure: wait for the reader (or for it to go away).
    return new Promise<void>((resolve) => {
      process.stdout.once('drain', resolve);
      stop.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  };
  const app = await openContext();
  try {
    await runCli(argv, app, out, { signal: stop.signal });
  } finally {
    await app.close();
  }
  return 0;
}

// exitCode, not exit(): the process ends once stdout is flushed and the stores are closed.
main().then(
  (code) => (process.exitCode = code),
  (e) => {
    if (e instanceof UsageError || e instanceof DomainError) console.error(`error: ${e.message}`);
    else console.error(e);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
