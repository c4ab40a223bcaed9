import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, OutboundHttp, PlatformConfig } from '@app/platform';
import { openApiSpec, ProcessingOutcome, SpecState } from '../../domain/openapi-spec';
import { specStream } from '../../domain/openapi-spec.events';
import { contentKey as contentKeyOf, SpecContent, sha256 } from '../spec-content';
import { parseSpec } from './spec-parser';

const ACCEPT = 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain;q=0.9, */*;q=0.5';

/** The timer command the processing saga schedules (a durable timer survives a restart). */
export const PROCESS_SPEC_TIMER = 'openapi.process-spec';
export interface ProcessSpecPayload {
  [key: string]: unknown;
  organizationId: string;
  slug: string;
  processingId: string;
}

/**
 * Runs one processing of a spec: marks it in progress, reads the document (fetched from its URL,
 * or the uploaded bytes), parses and validates it, stores the bytes and records the outcome.
 * Run by a durable timer, so a crash anywhere before the outcome is recorded runs it again after
 * a restart; the decider accepts one outcome per processing, so it completes exactly once.
 * Superseded processings (the spec was PUT again or deleted meanwhile) do nothing.
 */
export class ProcessOpenApiSpecCommand extends Command<void> {
  constructor(readonly payload: ProcessSpecPayload) {
    super();
  }
}

@CommandHandler(ProcessOpenApiSpecCommand)
export class ProcessOpenApiSpecHandler implements ICommandHandler<ProcessOpenApiSpecCommand> {
  private readonly logger = new Logger('OpenApiProcessing');
  private readonly outbound: OutboundHttp;

  constructor(
    private readonly es: EventSourcing,
    private readonly content: SpecContent,
    config: PlatformConfig,
  ) {
    this.outbound = new OutboundHttp(config);
  }

  async execute({ payload }: ProcessOpenApiSpecCommand): Promise<void> {
    const { organizationId, slug, processingId } = payload;
    const stream = specStream(organizationId, slug);
    const addressed = { organizationId, slug, processingId };
    const { state } = await this.es.execute(
      stream,
      openApiSpec,
      { type: 'StartProcessing', ...addressed },
      { idempotencyKey: `openapi-start-${processingId}` },
    );
    const spec = state.spec;
    if (!spec || spec.processing.id !== processingId || spec.processing.state === 'complete') return;
    const outcome = await this.outcome(spec, processingId);
    await this.es.execute(stream, openApiSpec, { type: 'CompleteProcessing', ...addressed, outcome }, { idempotencyKey: `openapi-complete-${processingId}` });
  }

  /** Never throws: whatever goes wrong becomes the processing's recorded errors. */
  private async outcome(spec: SpecState, processingId: string): Promise<ProcessingOutcome> {
    try {
      const read = await this.read(spec);
      if (!read.ok) return read;
      const parsed = await parseSpec(read.bytes);
      if (!parsed.ok) return { ok: false, errorCode: 'PARSE_ERROR', errors: parsed.errors };
      const contentHash = sha256(read.bytes);
      // Unchanged bytes make no version (the decider's rule): they are stored already.
      const contentKey =
        spec.lastVersion?.contentHash === contentHash
          ? contentKeyOf(spec.organizationId, contentHash)
          : await this.content.storeVersion(spec.organizationId, contentHash, read.bytes, parsed.format);
      // A processing makes at most one version: its id names it, the same on every retry.
      return { ok: true, versionId: processingId, contentHash, contentKey, format: parsed.format, size: read.bytes.length };
    } catch (e) {
      this.logger.error(`processing ${processingId} of OpenAPI spec ${spec.specId} failed: ${e instanceof Error ? e.stack : String(e)}`);
      return {
        ok: false,
        errorCode: 'FETCH_ERROR',
        errors: [{ code: 'STORAGE_ERROR', message: 'the document could not be read or stored; PUT the specification again to retry' }],
      };
    }
  }

  private async read(spec: SpecState): Promise<{ ok: true; bytes: Buffer } | (ProcessingOutcome & { ok: false })> {
    const source = spec.source;
    if (source.kind === 'url') {
      // The platform's limits as they are (FETCH_TIMEOUT_MS, FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS); a spec must arrive whole.
      const got = await this.outbound.get(source.url, { purpose: 'OpenAPI fetch', accept: ACCEPT, overflow: 'fail' });
      if (got.ok) return { ok: true, bytes: got.body };
      const code = got.kind === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR';
      return { ok: false, errorCode: code, errors: [{ code, message: got.message }] };
    }
    const bytes = await this.content.read(spec.organizationId, source.key);
    const what = source.kind === 'text' ? 'the text of the specification' : `the uploaded file ${source.key}`;
    if (!bytes) return { ok: false, errorCode: 'FETCH_ERROR', errors: [{ code: 'FETCH_ERROR', message: `${what} is no longer in storage` }] };
    if (bytes.length > this.content.maxBytes)
      return {
        ok: false,
        errorCode: 'FETCH_ERROR',
        errors: [{ code: 'FETCH_ERROR', message: `${what} is larger than ${this.content.maxBytes} bytes (FETCH_MAX_BYTES)` }],
      };
    return { ok: true, bytes };
  }
}
