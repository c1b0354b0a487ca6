/** The resource layer's HTTP binding, the generic JSON:API routes: /{type}/ and /{type}/{id}/ for every registered definition. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTransaction, type Services } from '../context';
import { audited } from '../db/audit';
import { recordChange, snapshot } from '../jsonapi/audit';
import { checkMediaType, readDocument } from '../jsonapi/document';
import { authorize, fetchOne, listResources, parseId, readResource } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import type { RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import type { SaveCreate } from '../jsonapi/resource';
import { createResource, deleteResource, updateResource } from '../jsonapi/writes';
import { requestDocument } from './json-api-body';
import { route, writesAnnounced } from './route';

type OnType = { Params: { type: string }; Querystring: RawQuery };
type OnMember = { Params: { type: string; id: string }; Querystring: RawQuery };

export function registerResourceRoutes(
  app: FastifyInstance,
  services: Services,
  registry: Registry,
  prefix: string,
) {
  app.get<OnType>(
    `${prefix}/:type/`,
    route<OnType>(services, async (ctx, request) => {
      const def = registry.get(request.params.type);
      authorize(def, 'list', ctx, 'GET');
      return listResources(def, ctx, registry, request.query);
    }),
  );

  app.get<OnMember>(
    `${prefix}/:type/:id/`,
    route<OnMember>(services, async (ctx, request) => {
      const { params } = request;
      const def = registry.get(params.type);
      authorize(def, 'read', ctx, 'GET');
      return readResource(def, ctx, registry, parseId(params.id, def.notFound), request.query);
    }),
  );

  app.post<OnType>(
    `${prefix}/:type/`,
    route<OnType>(services, async (ctx, request, reply) => {
      const def = registry.get(request.params.type);
      authorize(def, 'create', ctx, 'POST');
      if (def.createAnnounced) writesAnnounced(request);
      checkMediaType(request.headers['content-type']);
      const doc = readDocument(requestDocument(request), def.type);
      await def.throttle?.(ctx, doc);
      const save: SaveCreate = (work) =>
        inTransaction(ctx, async (tx) => {
          const id = await work(tx);
          if (audited(tx)) await recordChange(def, tx, 'create', id, null, await snapshot(def, tx, id));
          return id;
        });
      const { id, attributes, row } = def.createCommand
        ? await def.createCommand(ctx, doc, save)
        : {
            id: await save((tx) => createResource(def, tx, registry, doc)),
            attributes: undefined,
            row: undefined,
          };
      reply.status(201);
      // The creator sees what they just created even when it is outside their scope afterwards
      // (a registration, a guest's booking); related rows in `included` stay scoped.
      const readCtx = { ...ctx, now: services.clock() };
      const created = await readResource(def, readCtx, registry, id, {}, { unscoped: true, row });
      if (attributes && created.data && !Array.isArray(created.data))
        created.data.attributes = { ...created.data.attributes, ...attributes };
      return created;
    }),
  );

  app.patch<OnMember>(
    `${prefix}/:type/:id/`,
    route<OnMember>(services, async (ctx, request) => {
      const { params } = request;
      const def = registry.get(params.type);
      authorize(def, 'update', ctx, 'PATCH');
      const id = parseId(params.id, def.notFound);
      checkMediaType(request.headers['content-type']);
      const doc = readDocument(requestDocument(request), def.type, params.id);
      await inTransaction(ctx, async (tx) => {
        const row = await fetchOne(def, tx, id);
        const before = audited(tx) ? await snapshot(def, tx, id) : null;
        await updateResource(def, tx, registry, row, doc);
        if (before) await recordChange(def, tx, 'update', id, before, await snapshot(def, tx, id));
      });
      return readResource(def, ctx, registry, id, {});
    }),
  );

  app.delete<OnMember>(
    `${prefix}/:type/:id/`,
    route<OnMember>(services, async (ctx, request, reply) => {
      const { params } = request;
      const def = registry.get(params.type);
      authorize(def, 'delete', ctx, 'DELETE');
      const id = parseId(params.id, def.notFound);
      await inTransaction(ctx, async (tx) => {
        const row = await fetchOne(def, tx, id);
        const before = audited(tx) ? await snapshot(def, tx, id) : null;
        await deleteResource(def, tx, row);
        if (before) await recordChange(def, tx, 'delete', id, before, null);
      });
      reply.status(204);
      return undefined;
    }),
  );

  // PUT is not part of JSON:API; say so instead of a bare 404.
  app.put(`${prefix}/:type/*`, async () => {
    throw errors.methodNotAllowed('PUT');
  });

  // Likewise for the methods a collection or a member does not have (DELETE on a collection, POST
  // on a member...), which otherwise fell through to the 404 handler; an unknown type stays 404.
  const notAllowed = async (request: FastifyRequest<OnType>) => {
    registry.get(request.params.type);
    throw errors.methodNotAllowed(request.method);
  };
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: `${prefix}/:type/`, handler: notAllowed });
  app.route({ method: 'POST', url: `${prefix}/:type/:id/`, handler: notAllowed });
}
