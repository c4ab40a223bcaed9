import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '../config/platform-config';

/** Absolute URLs, built from PUBLIC_URL. */
@Injectable()
export class Urls {
  constructor(private readonly config: PlatformConfig) {}
  api(path: string): string {
    return `${this.config.publicUrl}/v1${path}`;
  }
  app(path: string): string {
    return `${this.config.publicUrl}/app${path}`;
  }
  published(path: string): string {
    return `${this.config.publicUrl}/published${path}`;
  }
}
