import * as v8 from 'v8';

/**
 * A catch-up or a rebuild allocates fast, and V8 then lets the heap grow to several times the
 * live set before it collects (a 1,000,000-event catch-up peaked at 400 MB RSS over a 50 MB
 * live heap). While one runs, the heap may grow by GROWING_PERCENT past the live set at most;
 * V8's own heuristics come back after. An operator's --heap-growing-percent wins.
 */
const GROWING_PERCENT = 40;
const operatorTuned = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('heap-growing-percent'));
let holds = 0;

/** Bounds the heap's growth until the returned function is called (holds nest). */
export function boundHeap(): () => void {
  if (operatorTuned) return () => undefined;
  if (holds++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  };
}

/** Bounds the heap's growth until `behind()` answers false (asked every second) or `release()`. */
export class CatchUpHeap {
  private watch: NodeJS.Timeout | null = null;
  private unbound: (() => void) | null = null;

  bound(behind: () => Promise<boolean>, onCaughtUp: () => void): void {
    if (this.watch) return;
    this.unbound = boundHeap();
    this.watch = setInterval(() => {
      void behind().then(
        (b) => {
          if (b || !this.watch) return;
          this.release();
          onCaughtUp();
        },
        () => undefined,
      );
    }, 1000).unref();
  }

  release(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
    this.unbound?.();
    this.unbound = null;
  }
}
