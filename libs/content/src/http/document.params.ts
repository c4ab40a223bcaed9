import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ContentFlags } from './query-params';

const BOOL = ['true', 'false'];
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)) ? Number(value) : value);

/** getDocumentById, getComputedDocument: the document schema version (one schema here: both answer it). */
export class DocumentSchemaParams {
  @IsOptional() @IsIn(['current', 'next']) schema?: 'current' | 'next';
}

/** Documents of a revision: `evaluated` is accepted; content has no expressions to evaluate. */
export class DocumentEvaluatedParams {
  @IsOptional() @IsIn([...BOOL, 'deterministic-only']) evaluated?: string;
}

/** getRevisionSemanticChanges: the two content flags and how many changes to list (reference default 10). */
export class SemanticChangesParams extends ContentFlags {
  @IsOptional() @Transform(toNumber) @IsInt() @Min(0) @Max(1000) limit?: number;
}
