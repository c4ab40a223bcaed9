import 'reflect-metadata';
import { DomainError } from '@app/platform';
import { openContext, runCli, UsageError, USAGE } from './cli';

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const app = await openContext();
  try {
    await runCli(argv, app, (line) => process.stdout.write(line + '\n'));
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  if (e instanceof UsageError) console.error(`${e.message}\n${USAGE}`);
  else if (e instanceof DomainError) console.error(`error: ${e.message}`);
  else console.error(e);
  process.exit(e instanceof UsageError ? 2 : 1);
});
