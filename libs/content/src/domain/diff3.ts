import { commonLines } from './line-diff';

/**
 * Line-level three-way merge (diff3). Each side's changes against the base are hunks: a base
 * range [start, end) replaced by some lines. Hunks of the two sides that overlap — or two
 * insertions at the same point — are a conflict unless both sides made the identical change.
 * Changes to different lines merge cleanly, including changes on adjacent lines, and the result
 * does not depend on which side is "ours" (the merge commutes).
 */
export interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

export interface LineConflict {
  /** 1-based line range in the base text ([start, end], empty when both sides inserted at a point). */
  baseStart: number;
  baseEnd: number;
  base: string[];
  ours: string[];
  theirs: string[];
}

export type Diff3Result = { clean: true; lines: string[] } | { clean: false; conflicts: LineConflict[] };

export function hunks(base: readonly string[], side: readonly string[]): Hunk[] {
  const out: Hunk[] = [];
  let i = 0,
    j = 0;
  for (const m of [...commonLines(base, side), { a: base.length, b: side.length }]) {
    if (m.a > i || m.b > j) out.push({ start: i, end: m.a, lines: side.slice(j, m.b) });
    i = m.a + 1;
    j = m.b + 1;
  }
  return out;
}

const sameLines = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((l, i) => l === b[i]);
const sameHunk = (a: Hunk, b: Hunk) => a.start === b.start && a.end === b.end && sameLines(a.lines, b.lines);

/** Whether two hunks touch the same base lines (insertions at one point collide with each other). */
function collide(a: Hunk, b: Hunk): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return a.start > b.start && a.start < b.end;
  if (b.start === b.end) return b.start > a.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** Which side wins a conflicting group of hunks instead of reporting it (conflict resolution). */
export type Prefer = 'ours' | 'theirs';

export function diff3(base: readonly string[], ours: readonly string[], theirs: readonly string[], prefer?: Prefer): Diff3Result {
  const tagged = [...hunks(base, ours).map((h) => ({ ...h, side: 0 as const })), ...hunks(base, theirs).map((h) => ({ ...h, side: 1 as const }))];
  // Insertions sort before replacements starting at the same line, so they land before them.
  tagged.sort((x, y) => x.start - y.start || x.end - x.start - (y.end - y.start) || x.side - y.side);
  const out: string[] = [];
  const conflicts: LineConflict[] = [];
  let cursor = 0;
  let i = 0;
  while (i < tagged.length) {
    // Group every hunk that transitively collides with the first one.
    const group = [tagged[i]];
    let j = i + 1;
    while (j < tagged.length && group.some((g) => collide(g, tagged[j]))) group.push(tagged[j++]);
    const start = Math.min(...group.map((g) => g.start));
    const end = Math.max(...group.map((g) => g.end));
    out.push(...base.slice(cursor, start));
    const sides = [0, 1].map((s) => group.filter((g) => g.side === s));
    if (sides[0].length === 0 || sides[1].length === 0) {
      for (const g of group) out.push(...g.lines);
    } else if (sides[0].length === sides[1].length && sides[0].every((h, k) => sameHunk(h, sides[1][k]))) {
      for (const g of sides[0]) out.push(...g.lines);
    } else if (prefer) {
      out.push(...applyWithin(base, sides[prefer === 'ours' ? 0 : 1], start, end));
    } else {
      conflicts.push({
        baseStart: start + 1,
        baseEnd: end,
        base: base.slice(start, end),
        ours: applyWithin(base, sides[0], start, end),
        theirs: applyWithin(base, sides[1], start, end),
      });
    }
    cursor = end;
    i = j;
  }
  out.push(...base.slice(cursor));
  return conflicts.length ? { clean: false, conflicts } : { clean: true, lines: out };
}

/** The lines one side has in place of base[start, end). */
function applyWithin(base: readonly string[], side: Hunk[], start: number, end: number): string[] {
  const out: string[] = [];
  let cursor = start;
  for (const h of side) {
    out.push(...base.slice(cursor, h.start), ...h.lines);
    cursor = h.end;
  }
  out.push(...base.slice(cursor, end));
  return out;
}

export const splitLines = (text: string) => text.split('\n');
export const joinLines = (lines: readonly string[]) => lines.join('\n');

/** Three-way merge of two texts; see diff3. */
export function mergeText(base: string, ours: string, theirs: string, prefer?: Prefer): Diff3Result & { text?: string } {
  if (ours === theirs) return { clean: true, lines: splitLines(ours), text: ours };
  if (ours === base) return { clean: true, lines: splitLines(theirs), text: theirs };
  if (theirs === base) return { clean: true, lines: splitLines(ours), text: ours };
  const r = diff3(splitLines(base), splitLines(ours), splitLines(theirs), prefer);
  return r.clean ? { ...r, text: joinLines(r.lines) } : r;
}
