import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, ScheduleTimerCommand } from '@app/platform';
import { ProcessSpecsSaga } from './process-specs.saga';

describe('processing saga', () => {
  it('turns a processing request into a durable timer due when it was asked for, named by the processing (a redelivery names the same timer, which is scheduled once)', async () => {
    const sent: unknown[] = [];
    const saga = new ProcessSpecsSaga({ execute: async (c: unknown) => void sent.push(c) } as unknown as CommandBus);
    const event = {
      type: 'OpenAPISpecProcessingRequested',
      data: {
        specId: 's1',
        organizationId: 'o1',
        slug: 'pets',
        processingId: 'p1',
        source: { kind: 'url', url: 'https://e.com/a.json' },
        requestedAt: '2026-01-01T00:00:00.000Z',
      },
    } as RecordedEvent;
    await saga.react(event);
    await saga.react(event);
    const expected = new ScheduleTimerCommand('openapi-process-p1', new Date('2026-01-01T00:00:00.000Z'), {
      type: 'openapi.process-spec',
      payload: { organizationId: 'o1', slug: 'pets', processingId: 'p1' },
    });
    expect(sent).toEqual([expected, expected]);
    expect(saga.handles).toEqual(['OpenAPISpecProcessingRequested']);
  });
});
