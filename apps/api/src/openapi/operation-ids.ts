/**
 * Operation ids for the operations only this server has, in the reference's style (camelCase
 * verb + noun: `listOrganizationWebhooks`, `getOrganizationWebhook`, `rotateOrganizationWebhookSecret`),
 * derived from the method and path alone so they stay stable while the route does:
 * - a path ending in a parameter names one resource: get / update (PATCH) / put / delete / post;
 * - a path ending in a plural noun is a collection: list (GET), create (POST);
 * - any other last segment is an action (POST `…/ping` → `ping…`) or a document (GET → `get…`);
 * - the resources the path walks through by id qualify the noun (`/orgs/{id}/webhooks` → OrganizationWebhooks).
 */
const ALIASES: Record<string, string> = { orgs: 'organizations', org: 'organization' };
const ID_VERBS: Record<string, string> = { get: 'get', patch: 'update', put: 'put', delete: 'delete', post: 'post' };
const COLLECTION_VERBS: Record<string, string> = { get: 'list', post: 'create', put: 'replace', patch: 'update', delete: 'delete' };

const words = (segment: string): string[] => (ALIASES[segment] ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (parts: string[]): string => parts.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const isPlural = (word: string): boolean => (/^.{2,}[^s]s$/.test(word) && !/(us|is)$/.test(word)) || /ies$/.test(word);

export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  return isPlural(word) ? word.slice(0, -1) : word;
}

export function ownOperationId(method: string, template: string): string {
  const segments = template
    .replace(/^\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  // Static segments, each marked when an id follows it.
  const items: Array<{ words: string[]; id: boolean }> = [];
  for (const segment of segments) {
    if (segment.startsWith('{')) {
      if (items.length) items[items.length - 1].id = true;
    } else items.push({ words: words(segment), id: false });
  }
  const verbMethod = method.toLowerCase();
  if (!items.length) return `${verbMethod}Root`;
  const target = items[items.length - 1];
  // The resources the path goes through qualify the noun, by id in the singular.
  const owner = items.slice(0, -1).flatMap((item) => (item.id ? [...item.words.slice(0, -1), singular(item.words.at(-1)!)] : item.words));
  const last = target.words.at(-1)!;
  if (target.id) return ID_VERBS[verbMethod] + pascal([...owner, ...target.words.slice(0, -1), singular(last)]);
  // A plural at the top (`/metrics`, `/docs`) is one document, not a collection of them.
  if (isPlural(last) && owner.length) {
    const verb = COLLECTION_VERBS[verbMethod] ?? verbMethod;
    const noun = verb === 'create' ? [...target.words.slice(0, -1), singular(last)] : target.words;
    return verb + pascal([...owner, ...noun]);
  }
  if (verbMethod === 'post' && target.words.length <= 2 && owner.length) {
    // An action on the resource: `…/rotate-secret` → rotateOrganizationWebhookSecret.
    const [verb, ...rest] = target.words;
    return verb + pascal([...owner, ...rest]);
  }
  return (verbMethod === 'get' ? 'get' : (COLLECTION_VERBS[verbMethod] ?? verbMethod)) + pascal([...owner, ...target.words]);
}
