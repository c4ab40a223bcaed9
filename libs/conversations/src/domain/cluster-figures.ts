import { Impact, IMPACTS } from './conversation.events';

/** Counters kept as plain JSON objects; own keys only (a term may be "constructor"). */
export type Counts = Record<string, number>;
export function bump(m: Counts, key: string, delta: number): Counts {
  const next = (Object.hasOwn(m, key) ? m[key] : 0) + delta;
  const out = { ...m };
  if (next > 0) out[key] = next;
  else delete out[key];
  return out;
}

/** Share of a cluster's issues that must be at an impact (or above) for the cluster to have it. */
export const IMPACT_SHARE = 0.25;

/**
 * A cluster's impact: the highest level that at least a quarter of its issues (and at least one)
 * reach or exceed. One high issue among twenty does not make the cluster high; five do.
 */
export function clusterImpact(impacts: Counts): Impact {
  const total = IMPACTS.reduce((n, i) => n + (impacts[i] ?? 0), 0);
  const needed = Math.max(1, Math.ceil(total * IMPACT_SHARE));
  let atOrAbove = 0;
  for (const level of [...IMPACTS].reverse()) {
    atOrAbove += impacts[level] ?? 0;
    if (atOrAbove >= needed) return level;
  }
  return 'low';
}

const WEEK_MS = 7 * 24 * 3600 * 1000;
/** The Monday (UTC) starting the week of `iso`, as YYYY-MM-DD. */
export function weekOf(iso: string | Date): string {
  const d = new Date(iso);
  const day = (d.getUTCDay() + 6) % 7;
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
  return new Date(monday).toISOString().slice(0, 10);
}

/** Issues per week for the 13 weeks up to the current one, oldest first (the last entry: this week). */
export function weeklyPulse(weeks: Counts, now: Date): number[] {
  const current = Date.parse(`${weekOf(now)}T00:00:00.000Z`);
  return Array.from({ length: 13 }, (_, i) => {
    const key = new Date(current - (12 - i) * WEEK_MS).toISOString().slice(0, 10);
    return Object.hasOwn(weeks, key) ? weeks[key] : 0;
  });
}

/** Icon names (max 50) by the cluster's most frequent terms; the first rule that matches wins. */
const ICONS: Array<[RegExp, string]> = [
  [/^(login|log|sign|sso|saml|oauth|auth|password|token|credential|permission|role|access|2fa|mfa)/, 'lock'],
  [/^(webhook|event|callback|notification|email)/, 'bell'],
  [/^(billing|invoice|payment|price|pricing|plan|subscription|refund)/, 'credit-card'],
  [/^(install|setup|upgrade|version|deploy|docker|cli|sdk|package)/, 'download'],
  [/^(api|endpoint|request|response|rest|graphql|query|json)/, 'code'],
  [/^(import|export|sync|git|github|gitlab|migration|backup)/, 'arrows-rotate'],
  [/^(search|index|filter)/, 'magnifying-glass'],
  [/^(data|database|record|delete|lost|corrupt)/, 'database'],
  [/^(error|crash|fail|bug|exception|500|timeout)/, 'triangle-exclamation'],
];
export function iconOf(terms: Counts): string {
  const top = Object.entries(terms)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([t]) => t);
  for (const t of top) for (const [re, icon] of ICONS) if (re.test(t)) return icon;
  return 'message-exclamation';
}

/** The most frequent terms (ties by name), for summaries. */
export const topTerms = (terms: Counts, n: number) =>
  Object.entries(terms)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([t]) => t);
