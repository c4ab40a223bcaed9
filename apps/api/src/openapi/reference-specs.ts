import * as fs from 'fs';
import * as path from 'path';
import type { ReferenceSource } from './component-importer';
import type { DocumentObject, OperationObject } from './openapi-objects';
import { upgradeSchemasTo31 } from './schema-upgrade';

/** A GitBook reference, its schemas in OpenAPI 3.1, its operations by `method /v1path`. */
export interface Reference extends ReferenceSource {
  doc: DocumentObject;
  operations: Map<string, OperationObject>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * Reads the `spec/openapi.json` of an installed reference package. Its paths carry no `/v1`
 * (the reference's server URL does), so they are indexed with it, as this server routes them.
 */
export function loadReference(packageName: string, version: string, suffix: string): Reference {
  const specPath = require.resolve(`${packageName}/spec/openapi.json`);
  const doc = JSON.parse(fs.readFileSync(specPath, 'utf8')) as DocumentObject;
  const found = (JSON.parse(fs.readFileSync(path.join(path.dirname(specPath), '..', 'package.json'), 'utf8')) as { version: string }).version;
  if (found !== version) throw new Error(`OpenAPI: ${packageName} is ${found}, the document is built against ${version}`);
  if (String(doc.openapi).startsWith('3.0')) upgradeSchemasTo31(doc);
  const operations = new Map<string, OperationObject>();
  for (const [p, item] of Object.entries(doc.paths ?? {}))
    for (const [method, operation] of Object.entries(item))
      if (METHODS.has(method)) operations.set(operationKey(method, `/v1${p === '/' ? '' : p}`), operation);
  return { version, suffix, doc, operations };
}

export const operationKey = (method: string, template: string): string => `${method.toLowerCase()} ${template}`;
