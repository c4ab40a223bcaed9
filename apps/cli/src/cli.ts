import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore, isRole, RequestContext, PlatformConfig, PlatformModule, PlatformOptions, PlatformWorkersModule, ProjectionEngine, ReadStore } from '@app/platform';
import { IssueTokenCommand, RegisterUserCommand, RevokeTokenCommand } from '@app/identity';
import { AddOrganizationMemberCommand, CreateOrganizationCommand } from '@app/organizations';
import { CONTEXT_MODULES } from '../../api/src/app.module';

export class UsageError extends Error {}

type Flags = Record<string, string>;
function parse(argv: string[]): { words: string[]; flags: Flags } {
  const words: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split(/=(.*)/s);
      if (inline !== undefined) flags[k] = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[k] = argv[++i];
      else flags[k] = 'true';
    } else words.push(a);
  }
  return { words, flags };
}
const need = (flags: Flags, name: string) => {
  if (!flags[name] || flags[name] === 'true') throw new UsageError(`--${name} is required`);
  return flags[name];
};

export const USAGE = `usage: npm run --silent cli -- <command>
  bootstrap --org "<title>" --email <email> --name "<display name>"
  user create --email <email> --name "<display name>" [--org <organizationId> --role <role>]
  token create --user <userId>
  token revoke --id <tokenId>
  events [--stream <name>] [--from <position>] [--limit N]
  projections list | rebuild [name] | parked [name] | replay <parkedId>`;

/** The operator CLI: same contexts and stores as the API, no HTTP, no background workers. */
export async function openContext(options: PlatformOptions = {}): Promise<INestApplicationContext> {
  const config = options.config ?? PlatformConfig.fromEnv(process.env, { runWorkers: false });
  @Module({ imports: [PlatformModule.forRoot({ ...options, config }), PlatformWorkersModule, ...CONTEXT_MODULES] })
  class CliModule {}
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  app.enableShutdownHooks();
  return app;
}

/** Operator actions are attributed to the CLI in the events' metadata (actor `cli`). */
export function runCli(argv: string[], app: INestApplicationContext, out: (line: string) => void): Promise<void> {
  return RequestContext.run({ actor: 'cli' }, () => execute(argv, app, out));
}

async function execute(argv: string[], app: INestApplicationContext, out: (line: string) => void): Promise<void> {
  const { words, flags } = parse(argv);
  const commands = app.get(CommandBus);
  const print = (v: unknown) => out(JSON.stringify(v));
  const [cmd, sub, arg] = words;
  switch (`${cmd ?? ''} ${sub ?? ''}`.trim()) {
    case 'bootstrap': {
      const { userId } = await commands.execute(new RegisterUserCommand(need(flags, 'email'), need(flags, 'name')));
      const { organizationId } = await commands.execute(new CreateOrganizationCommand(need(flags, 'org'), userId));
      const { token } = await commands.execute(new IssueTokenCommand(userId));
      return print({ organizationId, userId, token });
    }
    case 'user create': {
      const role = flags.role ?? (flags.org ? 'read' : undefined);
      if (role !== undefined && !isRole(role)) throw new UsageError('--role must be one of admin, create, review, edit, comment, read');
      if (flags.role && !flags.org) throw new UsageError('--role goes with --org');
      const { userId } = await commands.execute(new RegisterUserCommand(need(flags, 'email'), need(flags, 'name')));
      if (flags.org) await commands.execute(new AddOrganizationMemberCommand(flags.org, userId, role as never));
      const { token } = await commands.execute(new IssueTokenCommand(userId));
      return print({ userId, token });
    }
    case 'token create': {
      const { tokenId, token } = await commands.execute(new IssueTokenCommand(need(flags, 'user')));
      return print({ tokenId, token });
    }
    case 'token revoke':
      await commands.execute(new RevokeTokenCommand(need(flags, 'id')));
      return print({ revoked: flags.id });
    case 'events': {
      const store = app.get(EventStore);
      const limit = flags.limit ? Number(flags.limit) : 1000;
      const from = flags.from ? Number(flags.from) : 0;
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
      if (!Number.isInteger(from) || from < 0) throw new UsageError('--from must be a position (0 or more)');
      const events = flags.stream
        ? (await store.readStream(flags.stream)).filter((e) => e.position > from).slice(0, limit)
        : await store.readAll({ after: from, maxCount: limit });
      for (const e of events) {
        print({ type: e.type, stream: e.stream, revision: e.revision, position: e.position, occurredAt: e.metadata.occurredAt, actor: e.metadata.actor, data: e.data });
      }
      return;
    }
    case 'projections list': {
      const engine = app.get(ProjectionEngine);
      const reads = app.get(ReadStore);
      const head = await app.get(EventStore).headPosition();
      for (const name of engine.projectionNames()) print({ projection: name, ...(await reads.checkpoint(name)), head });
      return;
    }
    case 'projections rebuild': {
      const engine = app.get(ProjectionEngine);
      for (const name of arg ?? flags.name ? [arg ?? flags.name] : engine.projectionNames()) print(await engine.rebuild(name));
      return;
    }
    case 'projections parked':
      for (const p of await app.get(ProjectionEngine).listParked(arg)) print(p);
      return;
    case 'projections replay':
      if (!arg) throw new UsageError('projections replay needs the id of a parked event');
      print({ replayed: await app.get(ProjectionEngine).replayParked(arg) });
      return;
    default:
      throw new UsageError(cmd ? `unknown command "${words.join(' ')}"` : 'no command given');
  }
}
