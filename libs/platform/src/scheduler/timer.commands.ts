import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Scheduler } from './scheduler';
import { TimerCommand } from './timer';

/** Sagas schedule durable timers by sending this command (they do no I/O themselves). */
export class ScheduleTimerCommand extends Command<void> {
  constructor(
    readonly timerId: string,
    readonly dueAt: Date,
    readonly command: TimerCommand,
  ) {
    super();
  }
}

export class CancelTimerCommand extends Command<void> {
  constructor(readonly timerId: string) {
    super();
  }
}

@CommandHandler(ScheduleTimerCommand)
export class ScheduleTimerHandler implements ICommandHandler<ScheduleTimerCommand> {
  constructor(private readonly scheduler: Scheduler) {}
  execute(cmd: ScheduleTimerCommand) {
    return this.scheduler.schedule(cmd.timerId, cmd.dueAt, cmd.command);
  }
}

@CommandHandler(CancelTimerCommand)
export class CancelTimerHandler implements ICommandHandler<CancelTimerCommand> {
  constructor(private readonly scheduler: Scheduler) {}
  execute(cmd: CancelTimerCommand) {
    return this.scheduler.cancel(cmd.timerId);
  }
}
