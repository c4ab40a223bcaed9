import { Decider } from '../ddd/decider';
import { DomainEvent, Evolver } from '../ddd/domain-event';

/**
 * Given/when/then for pure deciders:
 *   given(space, created, deleted(at)).when((s) => decideRestore(s, id, later)).thenThrows(RestoreWindowExpired)
 */
export function given<S, E extends DomainEvent>(evolver: Evolver<S, E>, ...history: E[]) {
  const state = history.reduce((s, e) => evolver.evolve(s, e), evolver.initialState);
  return {
    state,
    /** A decider's command at a moment: `given(decider, ...events).whenCommand(cmd, now).then([...])`. */
    whenCommand<C extends { type: string }>(command: C, now: Date = new Date('2026-01-01T00:00:00.000Z')) {
      const decider = evolver as Decider<S, C, E>;
      if (typeof decider.decide !== 'function') throw new Error('whenCommand needs a Decider (initialState, evolve, decide)');
      return this.when((s) => decider.decide(command, s, now));
    },
    when(decide: (s: S) => E[]) {
      let result: E[] | undefined;
      let error: Error | undefined;
      try {
        result = decide(state);
      } catch (e) {
        // then()/thenNothing() rethrow it, so the failing test shows what was thrown.
        error = e instanceof Error ? e : new Error(`threw a non-Error: ${String(e)}`);
      }
      return {
        then(expected: E[]) {
          if (error) throw error;
          expect(result).toEqual(expected);
        },
        thenNothing() {
          if (error) throw error;
          expect(result).toEqual([]);
        },
        thenThrows(type: new (...args: never[]) => Error) {
          expect(error).toBeInstanceOf(type);
        },
      };
    },
  };
}
