import type { AdaptiveClaimSchema, AdaptiveJsonSchema } from './adaptive-schema';

/** A suggested condition (reference SiteAdaptiveTemplateCondition). */
export interface TemplateCondition {
  description: string;
  condition: string;
}

const access = (path: string, name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`);

/**
 * Conditions an editor can start from, derived from the schema in its order: a boolean claim
 * as itself, each value of a string enum as an equality, each value of an enum array as
 * `includes`; objects are walked. Every condition passes checkCondition on the same schema.
 */
export function templateConditions(schema: AdaptiveJsonSchema): TemplateCondition[] {
  const out: TemplateCondition[] = [];
  const walk = (properties: Record<string, AdaptiveClaimSchema>, path: string) => {
    for (const [name, claim] of Object.entries(properties)) {
      const at = access(path, name);
      switch (claim.type) {
        case 'boolean':
          out.push({ description: claim.description, condition: at });
          break;
        case 'string':
          for (const value of claim.enum ?? []) out.push({ description: `${claim.description}: ${value}`, condition: `${at} === ${JSON.stringify(value)}` });
          break;
        case 'array':
          if (claim.items.type === 'string')
            for (const value of claim.items.enum ?? [])
              out.push({ description: `${claim.description}: ${value}`, condition: `${at}.includes(${JSON.stringify(value)})` });
          break;
        case 'object':
          walk(claim.properties, at);
          break;
        case 'number':
          break;
      }
    }
  };
  walk(schema.properties, 'visitor.claims');
  return out;
}
