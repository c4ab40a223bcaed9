import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ifNoneMatches, Public } from '@app/platform';
import { Rendition, ServiceDocument } from './service-document.service';

/**
 * `GET /v1/openapi.json` and `/v1/openapi.yaml`: this server's own OpenAPI 3.1 document, open
 * without a token (integrators read it before they have one). It never changes while the
 * process runs, so a client revalidates with the ETag and gets a 304.
 */
@Controller()
export class ServiceDocumentController {
  constructor(private readonly document: ServiceDocument) {}

  @Public()
  @Get('openapi.json')
  @ApiOperation({ operationId: 'getOpenAPIDocument', summary: "This server's OpenAPI 3.1 document" })
  @ApiOkResponse({ description: 'The document, in JSON.', content: { 'application/json': { schema: { type: 'object' } } } })
  @ApiNotModifiedResponse({ description: 'The If-None-Match tag matches the current ETag. No body.' })
  json(@Req() req: Request, @Res() res: Response): void {
    send(req, res, this.document.json(), 'application/json');
  }

  @Public()
  @Get('openapi.yaml')
  @ApiOperation({ operationId: 'getOpenAPIDocumentYaml', summary: "This server's OpenAPI 3.1 document, in YAML" })
  @ApiOkResponse({ description: 'The document, in YAML.', content: { 'application/yaml': { schema: { type: 'string' } } } })
  @ApiNotModifiedResponse({ description: 'The If-None-Match tag matches the current ETag. No body.' })
  yaml(@Req() req: Request, @Res() res: Response): void {
    send(req, res, this.document.yaml(), 'application/yaml');
  }
}

function send(req: Request, res: Response, { body, etag }: Rendition, mediaType: string): void {
  res.setHeader('Content-Type', `${mediaType}; charset=utf-8`).setHeader('Cache-Control', 'no-cache').setHeader('ETag', etag);
  if (ifNoneMatches(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
