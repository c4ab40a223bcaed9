import { DomainEvent, Evolver } from './domain-event';

/**
 * An aggregate as a pure decider (one per stream type): where it starts, how an event changes
 * its state, and which events a command decides. `decide` throws a named DomainError to refuse
 * and returns [] when the command changes nothing. Commands are a discriminated union
 * (`{ type: 'RenameSpace', … }`) so `decide` is an exhaustive switch the compiler checks.
 */
export interface Decider<S, C extends { type: string }, E extends DomainEvent> extends Evolver<S, E> {
  decide(command: C, state: S, now: Date): E[];
}

/** Folds a history with the decider's evolve (tests, time travel). */
export const fold = <S, E extends DomainEvent>(evolver: Evolver<S, E>, events: readonly E[]): S =>
  events.reduce((state, event) => evolver.evolve(state, event), evolver.initialState);

/** Compile-time exhaustiveness for a command or event switch. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case ${JSON.stringify(value)}`);
}
