import { Module, OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EventStore, newEventId, PlatformConfig, PlatformModule, PlatformWorkersModule, ProjectionEngine, ReadStore } from '@app/platform';
import { runCli } from '../../apps/cli/src/cli';

/** Operators list parked events and replay them with the CLI once the cause is fixed. */
describe('CLI: projections parked / replay', () => {
  const broken = new Set<string>(['n2']);

  @Module({})
  class NotesModule implements OnModuleInit {
    constructor(private readonly engine: ProjectionEngine) {}
    onModuleInit() {
      this.engine.registerProjection({
        name: 'notes',
        collections: [{ name: 'notes' }],
        handles: ['NoteWritten'],
        async apply(e, ctx) {
          const d = e.data as { id: string };
          if (broken.has(d.id)) throw new Error(`note ${d.id} is malformed`);
          ctx.put('notes', { id: d.id });
        },
      });
    }
  }

  it('lists the parked event with its error, replays it, and it is gone from the list', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-parked-'));
    const config = PlatformConfig.fromEnv({}, { dataDir, retryDelaysMs: [1] });
    @Module({ imports: [PlatformModule.forRoot({ config }), PlatformWorkersModule, NotesModule] })
    class TestModule {}
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    try {
      const events = app.get(EventStore);
      let position = 0;
      for (const id of ['n1', 'n2', 'n3']) {
        const meta = { actor: null, occurredAt: new Date().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 };
        position = (await events.append(`notes-${id}`, [{ id: newEventId(), type: 'NoteWritten', data: { id }, metadata: meta }], 'no_stream')).position;
      }
      await app.get(ProjectionEngine).waitFor(position);
      const cli = async (...argv: string[]) => {
        const out: string[] = [];
        await runCli(argv, app, (l) => out.push(l));
        return out.map((l) => JSON.parse(l));
      };
      const parked = await cli('projections', 'parked');
      expect(parked).toEqual([
        expect.objectContaining({ projection: 'notes', stream: 'notes-n2', eventType: 'NoteWritten', error: expect.stringContaining('note n2 is malformed') }),
      ]);
      expect(await app.get(ReadStore).get('notes', 'n3')).toEqual({ id: 'n3' });

      await expect(cli('projections', 'replay', parked[0].id)).rejects.toThrow('note n2 is malformed');
      broken.clear();
      const [replayed] = await cli('projections', 'replay', parked[0].id);
      expect(replayed.replayed.id).toBe(parked[0].id);
      expect(await app.get(ReadStore).get('notes', 'n2')).toEqual({ id: 'n2' });
      expect(await cli('projections', 'parked', 'notes')).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
