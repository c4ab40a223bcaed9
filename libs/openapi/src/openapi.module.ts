import { Module } from '@nestjs/common';

/** Organization service: openapi (issue 14). Its helper fills in controllers, providers and projections. */
@Module({ controllers: [], providers: [] })
export class OpenApiModule {}
