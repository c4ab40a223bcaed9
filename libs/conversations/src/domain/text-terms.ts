/**
 * Terms of a text for TF-IDF: lower-cased words without stop words, lightly stemmed (plural and
 * verb endings) so that "webhooks failing" and "webhook fails" share their terms. Written here
 * rather than taken from `natural` or `wink-nlp` (not installed): the clustering needs only this.
 */
const STOP = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto about as is are was were be been being am do does did doing ' +
    'have has had having i me my we our you your he she it its they them their this that these those there here what which who whom whose ' +
    'when where why how all any both each few more most other some such no nor not only own same so than too very can will just should ' +
    'would could may might must shall also still even again ever please thanks thank hi hello hey ok okay yes get got use using used want ' +
    'need trying try tried one two way thing things like really something anything im ive dont doesnt didnt cant isnt arent wasnt wont ' +
    'let know see seem seems make made after before while because out up down over under again further once via per'
  ).split(' '),
);

export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  for (const [suffix, min] of [
    ['ies', 4],
    ['ing', 5],
    ['ed', 5],
    ['es', 5],
    ['s', 4],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= min - 1 && !word.endsWith('ss')) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' ? `${base}y` : base;
    }
  }
  return word;
}

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOP.has(raw) || (raw.length < 3 && !/\d/.test(raw))) continue;
    out.push(stem(raw));
  }
  return out;
}

/** Term → count. */
export function termCounts(words: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}
