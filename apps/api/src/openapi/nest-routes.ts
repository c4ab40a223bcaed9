import { ExecutionContext, INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Reflector } from '@nestjs/core';
import type { Module } from '@nestjs/core/injector/module';
import { DECORATORS, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { isPublicRoute } from '@app/platform';
import type { Components, Constructor, OperationObject } from './openapi-objects';

/** One route as Nest serves it, with what @nestjs/swagger made of it and where it comes from. */
export interface NestRoute {
  /** Lower case, as an OpenAPI path item key. */
  method: string;
  /** The OpenAPI path template (`/v1/spaces/{spaceId}`). */
  path: string;
  /** @nestjs/swagger's operation: path parameters, and whatever @Api… decorators declared. */
  operation: OperationObject;
  controller: Type;
  handlerName: string;
  /** The bounded context serving it (`spaces`, `audit`…; `system` for the application's own routes). */
  context: string;
  isPublic: boolean;
  /** The DTO class of `@Body()`, if any. */
  body?: Constructor;
  /** The DTO classes of `@Query()`, and single `@Query('name')` parameters with their type. */
  queries: Constructor[];
  queryFields: Array<{ name: string; type: unknown }>;
}

export interface NestDescription {
  routes: NestRoute[];
  /** Components @nestjs/swagger produced (from @Api… decorators; DTO schemas are empty there). */
  components: Components;
  /** OpenAPI 3.1 webhooks declared with @ApiWebhook, if any. */
  webhooks: Record<string, unknown>;
}

/**
 * The routes of every controller the application registered, read with @nestjs/swagger one
 * module at a time: a module tells the bounded context, and within one module a controller's
 * class name is unique (across modules it is not: identity and organizations both have a
 * UsersController), so `Controller#method` operation ids lead back to the handler (or an id
 * set with @ApiOperation does).
 */
export function describeNestRoutes(app: INestApplication, modules: Iterable<Module>, root: Module): NestDescription {
  const reflector = new Reflector();
  const contextOf = contextsByModule(root);
  const out: NestDescription = { routes: [], components: {}, webhooks: {} };
  const config = new DocumentBuilder().setOpenAPIVersion('3.1.0').build();
  for (const module of modules) {
    if (!module.controllers.size) continue;
    const doc: OpenAPIObject = SwaggerModule.createDocument(app, config, {
      include: [module.metatype],
      operationIdFactory: (controller, method) => `${controller}#${method}`,
      autoTagControllers: false,
    });
    for (const [kind, bucket] of Object.entries(doc.components ?? {})) Object.assign((out.components[kind] ??= {}), bucket);
    Object.assign(out.webhooks, (doc as { webhooks?: Record<string, unknown> }).webhooks ?? {});
    const controllers = new Map([...module.controllers.values()].map((w) => [w.metatype?.name ?? '', w.metatype as Type]));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
        const { controller, handlerName } = handlerOf(controllers, String(operation.operationId), method, module.metatype.name);
        const handler = (controller.prototype as Record<string, () => unknown>)[handlerName];
        out.routes.push({
          method,
          path,
          operation,
          controller,
          handlerName,
          context: contextOf(module),
          isPublic: isPublicRoute(reflector, { getHandler: () => handler, getClass: () => controller } as unknown as ExecutionContext),
          ...argumentsOf(controller, handlerName),
        });
      }
    }
  }
  return out;
}

/**
 * The handler behind an operation: from the `Controller#method` id the factory gave it, or, when
 * @ApiOperation set the id itself, the handler whose @ApiOperation says that id.
 */
function handlerOf(controllers: Map<string, Type>, operationId: string, method: string, moduleName: string): { controller: Type; handlerName: string } {
  const [controllerName, key] = operationId.split('#');
  if (key !== undefined) {
    const controller = controllers.get(controllerName);
    if (!controller) throw new Error(`OpenAPI: no controller ${controllerName} in ${moduleName}`);
    // `name[1]`: the second path of a handler with several (and `name_get`… for @All).
    return { controller, handlerName: key.replace(/\[\d+\]$/, '').replace(new RegExp(`_${method}$`), '') };
  }
  for (const controller of controllers.values()) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const handlerName of Object.getOwnPropertyNames(prototype)) {
      const declared =
        typeof prototype[handlerName] === 'function'
          ? (Reflect.getMetadata(DECORATORS.API_OPERATION, prototype[handlerName]) as { operationId?: string } | undefined)
          : undefined;
      if (declared?.operationId === operationId) return { controller, handlerName };
    }
  }
  throw new Error(`OpenAPI: no handler of ${moduleName} declares the operation id ${operationId}`);
}

/** The DTO types a handler takes, from Nest's route-argument metadata and the parameter types. */
function argumentsOf(controller: Type, handlerName: string): Pick<NestRoute, 'body' | 'queries' | 'queryFields'> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handlerName) ?? []) as unknown[];
  const out: Pick<NestRoute, 'body' | 'queries' | 'queryFields'> = { queries: [], queryFields: [] };
  for (const [key, { index, data }] of Object.entries(args)) {
    // `<RouteParamtypes>:<index>`; custom decorators' keys (`<id>__customRouteArgs__:<index>`) read as NaN.
    const kind = Number(key.split(':')[0]) as RouteParamtypes;
    const type = types[index];
    if (kind === RouteParamtypes.BODY && data === undefined && isDto(type)) out.body = type;
    if (kind === RouteParamtypes.QUERY && data === undefined && isDto(type)) out.queries.push(type);
    if (kind === RouteParamtypes.QUERY && typeof data === 'string') out.queryFields.push({ name: data, type });
  }
  return out;
}

const NOT_DTOS: unknown[] = [String, Number, Boolean, Object, Array, Buffer, Date];
const isDto = (type: unknown): type is Constructor => typeof type === 'function' && !NOT_DTOS.includes(type);

/**
 * module → the bounded context it belongs to: the context module the application imports that
 * reaches it in the fewest imports (a context's sub-modules, such as audit's webhooks module,
 * are its own); `system` for the application module.
 */
function contextsByModule(root: Module): (module: Module) => string {
  const best = new Map<Module, { context: string; distance: number }>([[root, { context: 'system', distance: 0 }]]);
  for (const top of root.imports) {
    const context = contextName(top.metatype?.name ?? '');
    const queue: Array<[Module, number]> = [[top, 1]];
    const seen = new Set<Module>();
    while (queue.length) {
      const [module, distance] = queue.shift()!;
      if (seen.has(module)) continue;
      seen.add(module);
      const known = best.get(module);
      if (!known || known.distance > distance) best.set(module, { context, distance });
      for (const next of module.imports) queue.push([next, distance + 1]);
    }
  }
  return (module) => best.get(module)?.context ?? contextName(module.metatype?.name ?? '');
}

/** `PublishedSitesModule` → `published-sites`, `OpenApiModule` → `openapi` (its folder's name). */
const contextName = (moduleName: string): string =>
  moduleName
    .replace(/Module$/, '')
    .replace(/OpenApi/g, 'Openapi')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase() || 'system';
