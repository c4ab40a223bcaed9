import { Injectable } from '@nestjs/common';
import type { Headers } from '../domain/mcp-server-headers';
import { SealedSecrets } from '@app/platform';

const PURPOSE = 'mcp-server-headers';

/** The header values of an MCP server entry, sealed per server (see SealedSecrets). */
@Injectable()
export class McpServerSecrets {
  constructor(private readonly secrets: SealedSecrets) {}

  seal(mcpServerId: string, headers: Headers): string {
    return this.secrets.seal(PURPOSE, mcpServerId, JSON.stringify(headers));
  }

  /**
   * The header values in clear, for the code that calls the server (never for responses). Null
   * when they do not open: the sealing key changed (CONTENT_SIGNING_KEY, or a lost key file).
   */
  open(mcpServerId: string, sealedHeaders: string): Headers | null {
    const text = this.secrets.open(PURPOSE, mcpServerId, sealedHeaders);
    return text === null ? null : (JSON.parse(text) as Headers);
  }
}
