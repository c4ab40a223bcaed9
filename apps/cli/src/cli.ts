import { ConsoleLogger, INestApplicationContext, LogLevel, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  Conflict,
  EventStore,
  NotFound,
  RotateSigningKeyCommand,
  isRole,
  RequestContext,
  PlatformConfig,
  PlatformModule,
  PlatformOptions,
  PlatformWorkersModule,
  ProjectionEngine,
  ReadStore,
} from '@app/platform';
import { FindUserByEmailQuery, IssueTokenCommand, ListUserTokensQuery, RegisterUserCommand, RevokeTokenCommand } from '@app/identity';
import { ListDeletedSpacesQuery } from '@app/spaces';
import { AddOrganizationMemberCommand, CreateOrganizationCommand } from '@app/organizations';
import { CONTEXT_MODULES } from '../../api/src/app.module';
import { checkUsage, CommandSpec, need, parse, resolveCommand, unknownCommand, UsageError } from './cli-args';
import { eventsOptions, Out, printEvents } from './events.command';

export { UsageError };

/** Every command and the flags it accepts: anything else is a usage error (exit 2). */
export const COMMANDS: Record<string, CommandSpec> = {
  bootstrap: { flags: ['org', 'email', 'name'] },
  'user create': { flags: ['email', 'name', 'org', 'role', 'if-absent'] },
  'token create': { flags: ['user', 'name'] },
  'token list': { flags: ['email', 'user'] },
  'token revoke': { flags: ['id'] },
  events: { flags: ['after', 'from', 'limit', 'stream', 'type', 'follow'] },
  'projections list': {},
  'projections rebuild': { flags: ['name'], args: 1 },
  'projections parked': { args: 1 },
  'projections replay': { args: 1 },
  'spaces deleted': { flags: ['org'] },
  'keys rotate': { flags: ['grace'] },
};

/** Checks the command line before any store is opened (main) and again when run in-process. */
export function checkCommandLine(argv: string[]): void {
  const parsed = parse(argv);
  const { key, args } = resolveCommand(parsed.words, COMMANDS);
  const spec = COMMANDS[key];
  if (!spec) throw unknownCommand(parsed.words, COMMANDS);
  checkUsage(key, spec, parsed, args);
}

/** Whether the command runs until interrupted (main stops it gracefully on Ctrl-C). */
export const isFollowing = (argv: string[]) => parse(argv).flags.follow === 'true';

export const USAGE = `usage: npm run --silent cli -- <command>
  bootstrap --org "<title>" --email <email> --name "<display name>"
  user create --email <email> --name "<display name>" [--org <organizationId> --role <role>] [--if-absent]
  token create --user <userId> [--name <label>]
  token list --email <email> | --user <userId>
  token revoke --id <tokenId>
  events [--after <position>] [--limit N] [--stream <name>] [--type <Type,...>] [--follow]
  projections list | rebuild [name] | parked [name] | replay <parkedId>
  spaces deleted --org <organizationId>
  keys rotate [--grace <seconds>]   (new signing key; links signed with the old one work for the grace, default SIGNED_URL_TTL_SECONDS)`;

/** The operator CLI: same contexts and stores as the API, no HTTP, no background workers. */
export async function openContext(options: PlatformOptions = {}): Promise<INestApplicationContext> {
  const config = options.config ?? PlatformConfig.fromEnv(process.env, { runWorkers: false });
  @Module({ imports: [PlatformModule.forRoot({ ...options, config }), PlatformWorkersModule, ...CONTEXT_MODULES] })
  class CliModule {}
  // Logs go to stderr: stdout carries only the JSON lines. Signals are handled by main.ts.
  return NestFactory.createApplicationContext(CliModule, { logger: new StderrLogger('cli', { logLevels: ['error', 'warn'] }) });
}

class StderrLogger extends ConsoleLogger {
  protected printMessages(messages: unknown[], context?: string, logLevel?: LogLevel, _stream?: 'stdout' | 'stderr', errorStack?: unknown): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}

export interface RunOptions {
  /** Stops a following command (`events --follow`) and any paging in progress. */
  signal?: AbortSignal;
}

/** Operator actions are attributed to the CLI in the events' metadata (actor `cli`). */
export function runCli(argv: string[], app: INestApplicationContext, out: Out, options: RunOptions = {}): Promise<void> {
  return RequestContext.run({ actor: 'cli' }, async () => {
    await execute(argv, app, out, options);
    // In a process that runs the projections (the API's own, tests), the CLI's writes are in
    // the read models before it returns, as an API write's are before its response.
    const engine = app.get(ProjectionEngine);
    if (engine.projectsHere) await engine.settle();
  });
}

async function execute(argv: string[], app: INestApplicationContext, out: Out, options: RunOptions): Promise<void> {
  checkCommandLine(argv);
  const { words, flags } = parse(argv);
  const { key, args } = resolveCommand(words, COMMANDS);
  const commands = app.get(CommandBus);
  const queries = app.get(QueryBus);
  const print = async (v: unknown): Promise<void> => {
    await out(JSON.stringify(v));
  };
  const [cmd] = words;
  const [arg] = args;
  switch (key) {
    case 'bootstrap': {
      const { userId } = await commands.execute(new RegisterUserCommand(need(flags, 'email'), need(flags, 'name')));
      const { organizationId } = await commands.execute(new CreateOrganizationCommand(need(flags, 'org'), userId));
      const { tokenId, token } = await commands.execute(new IssueTokenCommand(userId, 'bootstrap'));
      return print({ organizationId, userId, tokenId, token });
    }
    case 'user create': {
      const role = flags.role ?? (flags.org ? 'read' : undefined);
      if (role !== undefined && !isRole(role)) throw new UsageError('--role must be one of admin, create, review, edit, comment, read');
      if (flags.role && !flags.org) throw new UsageError('--role goes with --org');
      const email = need(flags, 'email');
      const { userId, created } = await commands.execute(new RegisterUserCommand(email, need(flags, 'name')));
      // Reusing someone else's account by mistake is worse than failing: reuse only on request.
      if (!created && !flags['if-absent']) throw new Conflict(`a user with email ${email} already exists (${userId}); pass --if-absent to reuse it`);
      if (flags.org) await commands.execute(new AddOrganizationMemberCommand(flags.org, userId, role as never));
      const { tokenId, token } = await commands.execute(new IssueTokenCommand(userId, 'user create'));
      return print({ userId, created, tokenId, token });
    }
    case 'token create': {
      const { tokenId, token } = await commands.execute(new IssueTokenCommand(need(flags, 'user'), flags.name));
      return print({ tokenId, token });
    }
    case 'token list': {
      if (!flags.email === !flags.user) throw new UsageError('token list needs --email <email> or --user <userId>');
      await caughtUp(app);
      const userId = flags.user ?? (await queries.execute(new FindUserByEmailQuery(flags.email)));
      if (!userId) throw new NotFound(`No user with email ${flags.email}`);
      for (const t of await queries.execute(new ListUserTokensQuery(userId))) await print(t);
      return;
    }
    case 'token revoke':
      await commands.execute(new RevokeTokenCommand(need(flags, 'id')));
      return print({ revoked: flags.id });
    case 'events':
      return printEvents(app.get(EventStore), eventsOptions(flags), out, options.signal);
    case 'spaces deleted': {
      const organizationId = need(flags, 'org');
      await caughtUp(app);
      for (const s of await queries.execute(new ListDeletedSpacesQuery(organizationId))) await print(s);
      return;
    }
    case 'projections list': {
      const engine = app.get(ProjectionEngine);
      const reads = app.get(ReadStore);
      const head = await app.get(EventStore).headPosition();
      for (const name of engine.projectionNames()) await print({ projection: name, ...(await reads.checkpoint(name)), head });
      return;
    }
    case 'projections rebuild': {
      const engine = app.get(ProjectionEngine);
      const name = arg ?? flags.name;
      if (name !== undefined) oneOf('projection', name, engine.projectionNames());
      for (const n of name !== undefined ? [name] : engine.projectionNames()) await print(await engine.rebuild(n));
      return;
    }
    case 'projections parked': {
      const engine = app.get(ProjectionEngine);
      // Sagas park events too.
      if (arg !== undefined)
        oneOf(
          'projection or saga',
          arg,
          (await engine.status()).map((s) => s.name),
        );
      for (const p of await engine.listParked(arg)) await print(p);
      return;
    }
    case 'projections replay': {
      if (!arg) throw new UsageError('projections replay needs the id of a parked event (see projections parked)');
      const engine = app.get(ProjectionEngine);
      if (!(await engine.listParked()).some((p) => p.id === arg)) throw new NotFound(`No parked event with id ${arg} (see projections parked)`);
      await print({ replayed: await engine.replayParked(arg) });
      return;
    }
    case 'keys rotate':
      return print(await commands.execute(new RotateSigningKeyCommand(flags.grace === undefined ? undefined : Number(flags.grace))));
    default:
      throw unknownCommand(cmd ? words : [], COMMANDS);
  }
}

function oneOf(what: string, name: string, valid: string[]): void {
  if (!valid.includes(name)) throw new UsageError(`unknown ${what} "${name}"; valid: ${valid.join(', ')}`);
}

/**
 * The CLI runs no projections: the API process does. Before answering from read models, wait
 * briefly for them to include everything written so far, and say so on stderr if they do not.
 */
async function caughtUp(app: INestApplicationContext): Promise<void> {
  const engine = app.get(ProjectionEngine);
  try {
    await engine.waitForHead(2000);
  } catch {
    const lag = (await engine.status()).filter((s) => s.servesQueries).reduce((m, s) => Math.max(m, s.lag), 0);
    process.stderr.write(`warning: read models are ${lag} events behind the event log (is the API running?)\n`);
  }
}
