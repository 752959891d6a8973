/**
 * The API reference (gateway/PROXY.md "API reference"): @fastify/swagger collects the `/api`
 * routes the proxy registers (one per call of protocol's table, with its TypeBox body schema and
 * `callDocs`) into an OpenAPI 3.1 document (tuples rewritten as
 * JSON Schema 2020-12 `prefixItems` by `toOpenApi31`, so an outside validator accepts every path), and @fastify/swagger-ui serves it browsable at
 * `/api/docs` (the document itself at `/api/docs/json` and `/yaml`). The websocket protocol's
 * AsyncAPI document, generated from the wire schemas, is at `/api/docs/asyncapi.json`.
 *
 * Registered before the proxy (app.ts): @fastify/swagger sees routes as they are added. Only
 * tagged routes (the /api calls) are listed. The pages load only their own scripts and styles,
 * so the gateway's CSP (proxy/security.ts) needs no exception.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CallGroup, Calls, PROTOCOL_VERSION } from '@sportsbook/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asyncApiDocument } from './asyncapi.ts';
import { toOpenApi31 } from './openapi.ts';

export const DocsPrefix = '/api/docs';

const groupDescriptions: Record<string, string> = {
  [CallGroup.base]: 'Accounts, sessions, balance, settings, statements and other information calls.',
  [CallGroup.bet]: 'Bet placement (idempotent by `request_id`), bet lists and cash-out.',
  [CallGroup.tournament]: 'Tournaments.',
  [CallGroup.games]: 'Game provider launches (`:provider` is the provider code).',
};

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    const groups = [...new Set(Calls.map((c) => c.group))].filter((g) => g !== CallGroup.odds);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sportsbook gateway /api',
          version: String(PROTOCOL_VERSION),
          description:
            'Every call is `POST /api/<call>` with a JSON body and answers the `{status, statusdesc, ...}` ' +
            'envelope (status 1 or "1": success; otherwise `statusdesc` is a catalogue code). Generated from ' +
            "protocol's call table and TypeBox schemas, the ones the proxy validates with. The odds are not " +
            `here: they stream over the websocket at /ws (AsyncAPI: ${DocsPrefix}/asyncapi.json).`,
        },
        tags: groups.map((name) => ({ name, description: groupDescriptions[name] ?? name })),
      },
      hideUntagged: true,
      // TypeBox's tuples are draft-07; the document is 3.1, so they are written as 2020-12's.
      transformObject: (doc) => ('openapiObject' in doc ? toOpenApi31(doc.openapiObject) : doc.swaggerObject),
    });
    await app.register(swaggerUi, {
      routePrefix: DocsPrefix,
      // No call to the public validator service (the CSP allows only this host anyway).
      uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    });
    app.get(`${DocsPrefix}/asyncapi.json`, { schema: { hide: true } }, async (req) =>
      asyncApiDocument(req.host),
    );
  },
  { name: 'docs' },
);
