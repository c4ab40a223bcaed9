export { OpenApiModule } from './openapi.module';
/** For the content context (computed OpenAPI pages): the parsed latest version of a spec, organization scope only. */
export { GetOpenAPISpecDocumentQuery, type OpenAPISpecDocument } from './application/queries/spec-document.query';
