import * as fs from 'fs';
import * as path from 'path';
import { INestApplication, Injectable } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { stringify } from 'yaml';
import { entityTag } from '@app/platform';
import { describeNestRoutes } from './nest-routes';
import { assembleServiceDocument } from './service-document';

/** One serialization of the document, with its strong ETag. */
export interface Rendition {
  body: Buffer;
  etag: string;
}

/**
 * The server's own OpenAPI document, built on first use from the routes Nest registered and
 * kept for the life of the process (the routes cannot change once the application runs).
 */
@Injectable()
export class ServiceDocument {
  private built?: { document: OpenAPIObject; json: Rendition };
  private yamlRendition?: Rendition;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly config: ApplicationConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  document(): OpenAPIObject {
    return this.build().document;
  }

  json(): Rendition {
    return this.build().json;
  }

  /** Serialized on first request of its own: YAML takes longer than building the document. */
  yaml(): Rendition {
    // Without aliases (`&a`/`*a`), which some YAML readers refuse and people cannot follow.
    return (this.yamlRendition ??= rendition(stringify(this.build().document, { aliasDuplicateObjects: false, lineWidth: 0 })));
  }

  private build() {
    if (this.built) return this.built;
    const root = [...this.modules.values()].find((m) => m.providers.has(ServiceDocument));
    if (!root) throw new Error('OpenAPI: ServiceDocument must be provided by the application module');
    // What @nestjs/swagger reads of an application: its modules, its global prefix, its adapter.
    const app = {
      container: { getModules: () => this.modules },
      config: this.config,
      getHttpAdapter: () => this.adapterHost.httpAdapter,
    } as unknown as INestApplication;
    const document = assembleServiceDocument(describeNestRoutes(app, this.modules.values(), root), packageVersion());
    this.built = { document, json: rendition(JSON.stringify(document)) };
    return this.built;
  }
}

const rendition = (text: string): Rendition => ({ body: Buffer.from(text), etag: entityTag(null, null, text) });

/** The version in the repository's package.json, found from the sources (tests) and from dist/. */
function packageVersion(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '0.0.0';
}
