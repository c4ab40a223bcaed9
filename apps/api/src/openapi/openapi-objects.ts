/**
 * The parts of OpenAPI objects this code reads, loosely: documents come from JSON files and
 * from @nestjs/swagger, and everything not named here is carried along untouched.
 */
export interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  schema?: unknown;
  [field: string]: unknown;
}

export interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: unknown;
  headers?: unknown;
  [field: string]: unknown;
}

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: unknown[];
  [field: string]: unknown;
}

export type PathItemObject = Record<string, OperationObject>;

/** `components` by kind (`schemas`, `parameters`…) and name. */
export type Components = Record<string, Record<string, unknown>>;

export interface DocumentObject {
  openapi?: string;
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, PathItemObject>;
  components?: Components;
  [field: string]: unknown;
}

/** A class, as Nest's metadata and class-validator's storage know DTOs and controllers. */
export type Constructor = abstract new (...args: never[]) => unknown;
