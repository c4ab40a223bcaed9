/** Small numeric helpers for the benchmark report. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: ArrayLike<number>, p: number): number {
  const n = samples.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(n, Math.max(1, Math.ceil((p / 100) * n)));
  return sorted[rank - 1];
}

export const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) : '—');

export const rate = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—');

export const int = (v: number) => v.toLocaleString('en-US');

/** Runs `fn` and returns its result with the elapsed wall time in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const t0 = performance.now();
  const result = await fn();
  return { result, elapsedMs: performance.now() - t0 };
}
