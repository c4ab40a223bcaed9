/**
 * Longest common subsequence of two line arrays with Myers' O((N+M)·D) algorithm: the cost
 * grows with the size of the difference, not the size of the page, which matters for the
 * three-way merge of long pages that differ in a few lines.
 */
export interface Match {
  a: number;
  b: number;
}

export function commonLines(a: readonly string[], b: readonly string[]): Match[] {
  // Strip the common prefix and suffix first: most edits are local.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length,
    endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB)).map((m) => ({ a: m.a + start, b: m.b + start }));
  const out: Match[] = [];
  for (let i = 0; i < start; i++) out.push({ a: i, b: i });
  out.push(...middle);
  for (let i = 0; endA + i < a.length; i++) out.push({ a: endA + i, b: endB + i });
  return out;
}

/** Beyond this many differing lines, the middle is treated as one replaced block (bounded memory). */
const MAX_EDIT_DISTANCE = 2000;

function myers(a: readonly string[], b: readonly string[]): Match[] {
  const n = a.length,
    m = b.length;
  if (n === 0 || m === 0) return [];
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = n + m + 1;
  const v = new Int32Array(2 * (n + m) + 3);
  // trace[d] holds v for k in [-d-1, d+1] as it was before round d.
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return [];
  // Walk the trace back from (n, m) to recover the matched diagonal moves.
  const matches: Match[] = [];
  let x = n,
    y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vv = trace[d];
    const at = (k: number) => vv[k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      matches.push({ a: x, b: y });
    }
    x = prevX;
    y = prevY;
  }
  return matches.reverse();
}
