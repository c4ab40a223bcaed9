import { BadRequest } from '@app/platform';
import type { AdaptiveClaimSchema, AdaptiveJsonSchema } from './adaptive-schema';
import type { ConditionNode } from './condition-parser';

/** Every `visitor.claims…` path of the tree must exist in the site's schema (400 naming the first that does not). */
export function checkClaimPaths(node: ConditionNode, schema: AdaptiveJsonSchema | null): void {
  for (const path of claimPaths(node)) {
    if (schema === null) {
      throw new BadRequest(`condition: unknown claim ${show(path)} (the site has no adaptive schema; set one with PUT .../adaptive-schema first)`);
    }
    if (!resolves(schema.properties, path)) throw new BadRequest(`condition: unknown claim ${show(path)} (not in the site's adaptive schema)`);
  }
}

const show = (path: Array<string | number>) =>
  'visitor.claims' + path.map((s) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join('');

function claimPaths(node: ConditionNode): Array<Array<string | number>> {
  switch (node.kind) {
    case 'literal':
      return [];
    case 'claim':
      return [node.path];
    case 'array':
      return node.items.flatMap(claimPaths);
    case 'unary':
      return claimPaths(node.argument);
    case 'binary':
      return [...claimPaths(node.left), ...claimPaths(node.right)];
    case 'conditional':
      return [...claimPaths(node.test), ...claimPaths(node.consequent), ...claimPaths(node.alternate)];
    case 'call':
      return [...claimPaths(node.target), ...claimPaths(node.argument)];
  }
}

function resolves(properties: Record<string, AdaptiveClaimSchema>, path: Array<string | number>): boolean {
  let current: AdaptiveClaimSchema | undefined;
  for (const [i, segment] of path.entries()) {
    if (i === 0) current = typeof segment === 'string' && Object.prototype.hasOwnProperty.call(properties, segment) ? properties[segment] : undefined;
    else current = child(current!, segment);
    if (!current) return false;
  }
  return true;
}

const LENGTH: AdaptiveClaimSchema = { type: 'number', description: 'length' };

function child(schema: AdaptiveClaimSchema, segment: string | number): AdaptiveClaimSchema | undefined {
  switch (schema.type) {
    case 'object':
      return typeof segment === 'string' && Object.prototype.hasOwnProperty.call(schema.properties, segment) ? schema.properties[segment] : undefined;
    case 'array':
      return segment === 'length' ? LENGTH : typeof segment === 'number' ? schema.items : undefined;
    case 'string':
      return segment === 'length' ? LENGTH : undefined;
    default:
      return undefined;
  }
}
