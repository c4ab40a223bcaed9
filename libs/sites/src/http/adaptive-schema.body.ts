import { Satisfies } from '@app/platform';
import { checkAdaptiveJsonSchema } from '../domain/adaptive/adaptive-schema-rules';

const problem = (v: unknown, field: string): string | null => {
  try {
    checkAdaptiveJsonSchema(v, field);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

/** Body of updateSiteAdaptiveSchema: `{jsonSchema}` (required), checked against the contract's draft-07 rules. */
export class AdaptiveSchemaBody {
  @Satisfies('isAdaptiveJsonSchema', problem)
  jsonSchema!: unknown;
}
