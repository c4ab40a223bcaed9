import * as v8 from 'v8';

/**
 * A catch-up allocates fast, and V8 then lets the heap grow to several times the live set
 * before it collects (a 1,000,000-event catch-up peaked at 400 MB RSS over a 50 MB live heap).
 * While far behind, the heap may grow by GROWING_PERCENT past the live set at most; V8's own
 * heuristics come back once caught up. An operator's --heap-growing-percent wins.
 */
const GROWING_PERCENT = 50;
const operatorTuned = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('heap-growing-percent'));

export class CatchUpHeap {
  private watch: NodeJS.Timeout | null = null;

  /** Bounds the heap's growth until `behind()` answers false (asked every second). */
  bound(behind: () => Promise<boolean>, onCaughtUp: () => void): void {
    if (operatorTuned || this.watch) return;
    v8.setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
    this.watch = setInterval(() => {
      void behind().then((b) => {
        if (b || !this.watch) return;
        this.release();
        onCaughtUp();
      }, () => undefined);
    }, 1000).unref();
  }

  release(): void {
    if (!this.watch) return;
    clearInterval(this.watch);
    this.watch = null;
    v8.setFlagsFromString('--heap-growing-percent=0');
  }
}
