import * as fs from 'fs';
import * as path from 'path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NotFound, Public } from '@app/platform';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';

/** Where the page and its assets live (the global prefix is `v1`). */
const BASE = '/v1/docs';

/**
 * Only this origin: the page, Swagger UI and the document all come from here, so a browser
 * with no network beyond this server renders it. Images also from `data:` (the icons are data
 * URIs inside swagger-ui.css); no inline script, no eval, no frames, no forms.
 */
export const DOCS_PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** Swagger UI's start: an external file, since the policy allows no inline script. */
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    deepLinking: true,
    displayOperationId: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
    filter: true,
    // No badge from validator.swagger.io: nothing leaves this origin.
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" type="image/png" href="${BASE}/assets/favicon-32x32.png">
<link rel="stylesheet" href="${BASE}/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${BASE}/assets/swagger-ui-bundle.js"></script>
<script src="${BASE}/assets/start.js"></script>
</body>
</html>
`;

/** The files of swagger-ui-dist the page uses, and nothing else of the folder. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * `GET /v1/docs`: the reference page of this server's own OpenAPI document (`/v1/openapi.json`),
 * rendered by Swagger UI from the installed swagger-ui-dist (never a CDN). Open without a token,
 * like the document.
 */
@Controller('docs')
export class DocsPageController {
  private readonly files = new Map<string, Buffer>();

  @Public()
  @Get()
  page(@Res() res: Response): void {
    this.send(res, 'text/html; charset=utf-8', PAGE, 'no-cache');
  }

  @Public()
  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    if (file === 'start.js') return this.send(res, 'text/javascript; charset=utf-8', START, 'no-cache');
    if (!Object.hasOwn(ASSETS, file)) throw new NotFound(`file: no asset ${JSON.stringify(file.slice(0, 100))} in the reference page`);
    let bytes = this.files.get(file);
    if (!bytes) {
      bytes = fs.readFileSync(path.join(getAbsoluteFSPath(), file));
      this.files.set(file, bytes);
    }
    // The package's files change only with its version, i.e. with a deployment.
    this.send(res, ASSETS[file], bytes, 'public, max-age=3600');
  }

  private send(res: Response, type: string, body: string | Buffer, cache: string): void {
    res.setHeader('Content-Security-Policy', DOCS_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', cache);
    res.status(200).type(type).send(body);
  }
}
