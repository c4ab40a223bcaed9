import { DomainEvent, Evolver } from '../ddd/domain-event';

/**
 * Given/when/then for pure deciders:
 *   given(space, created, deleted(at)).when((s) => decideRestore(s, id, later)).thenThrows(RestoreWindowExpired)
 */
export function given<S, E extends DomainEvent>(evolver: Evolver<S, E>, ...history: E[]) {
  const state = history.reduce(evolver.evolve, evolver.initialState);
  return {
    state,
    when(decide: (s: S) => E[]) {
      let result: E[] | undefined;
      let error: unknown;
      try {
        result = decide(state);
      } catch (e) {
        error = e;
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
