import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventSourcing, ManualClock, SequentialIdGenerator, SqliteEventStore } from '@app/platform';
import { emailStream, userStream } from '../../domain/user';
import { RegisterUserCommand, RegisterUserHandler } from './register-user';

describe('RegisterUserHandler', () => {
  let dir: string;
  let store: SqliteEventStore;
  let handler: RegisterUserHandler;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'register-user-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    handler = new RegisterUserHandler(new EventSourcing(store, new ManualClock('2026-01-01T00:00:00.000Z')), new SequentialIdGenerator('u'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

  it('claims the email, then registers; the same email again returns the same user, unchanged', async () => {
    const first = await handler.execute(new RegisterUserCommand(' Ada@Example.com ', 'Ada'));
    expect(first.created).toBe(true);
    expect(await handler.execute(new RegisterUserCommand('ada@example.com', 'Other'))).toEqual({ userId: first.userId, created: false });
    expect(await types(emailStream('ada@example.com'))).toEqual(['UserEmailClaimed']);
    expect((await store.readStream(userStream(first.userId))).map((e) => e.data)).toEqual([
      { userId: first.userId, email: 'ada@example.com', displayName: 'Ada', registeredAt: '2026-01-01T00:00:00.000Z', emailVerified: true },
    ]);
  });

  it('a registration interrupted after the claim is completed by the next one', async () => {
    await store.append(
      emailStream('bob@example.com'),
      [
        {
          id: 'e1',
          type: 'UserEmailClaimed',
          data: { email: 'bob@example.com', userId: 'u-early' },
          metadata: {
            actor: null,
            occurredAt: '2026-01-01T00:00:00.000Z',
            correlationId: 'c',
            causationId: null,
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    expect(await handler.execute(new RegisterUserCommand('bob@example.com', 'Bob'))).toEqual({ userId: 'u-early', created: true });
    expect(await types(userStream('u-early'))).toEqual(['UserRegistered']);
  });

  it('a refused registration (bad name or email) claims nothing', async () => {
    await expect(handler.execute(new RegisterUserCommand('cy@example.com', '  '))).rejects.toThrow('name: must be 1 to 100 characters');
    await expect(handler.execute(new RegisterUserCommand('not-an-email', 'Cy'))).rejects.toThrow('is not an email address');
    expect(await types(emailStream('cy@example.com'))).toEqual([]);
  });
});
