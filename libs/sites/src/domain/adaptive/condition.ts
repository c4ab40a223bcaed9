import type { AdaptiveSchema } from './adaptive-schema';
import { checkClaimPaths } from './condition-claims';
import { evaluate } from './condition-evaluator';
import { parseCondition } from './condition-parser';

/**
 * Conditions on sections and site spaces (`visitor.claims.plan === "pro"`): parsed with jsep into
 * a whitelisted tree and evaluated by a small interpreter, never by eval. The seam SITES-CORE
 * calls when a `condition` is written (check) and the published side calls per visitor (evaluate).
 */

/** Refuses (BadRequest "condition: …") a syntax problem, a construct outside the language, or a claim the schema does not define. */
export function checkCondition(expression: string, schema: AdaptiveSchema | null): void {
  checkClaimPaths(parseCondition(expression), schema?.jsonSchema ?? null);
}

/** Whether a visitor with these claims sees the content; a missing claim reads as undefined (false), never an error. */
export function evaluateCondition(expression: string, claims: Record<string, unknown>): boolean {
  return evaluate(parseCondition(expression), claims);
}
