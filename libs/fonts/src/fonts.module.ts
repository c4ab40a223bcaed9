import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '@app/platform';
import { CreateCustomFontHandler, DeleteCustomFontHandler, UpdateCustomFontHandler } from './application/custom-font.commands';
import { GetCustomFontHandler, GetFontFileHandler, ListCustomFontsHandler } from './application/custom-font.queries';
import { customFontsProjection } from './application/custom-fonts.projection';
import { FontAccess } from './application/font-access';
import { FontInspector } from './application/font-inspector';
import { FontsController } from './http/fonts.controller';

/**
 * Organization service: custom fonts. Faces come from files uploaded through the storage
 * context, read by key from the platform's BlobStore and checked with fontkit.
 */
@Module({
  controllers: [FontsController],
  providers: [
    FontAccess,
    FontInspector,
    CreateCustomFontHandler,
    UpdateCustomFontHandler,
    DeleteCustomFontHandler,
    ListCustomFontsHandler,
    GetCustomFontHandler,
    GetFontFileHandler,
  ],
})
export class FontsModule implements OnModuleInit {
  constructor(private readonly engine: ProjectionEngine) {}

  onModuleInit(): void {
    this.engine.registerProjection(customFontsProjection);
  }
}
