/**
 * The OpenAPI document checked by outside tools, not by our own reading of it: the document the
 * gateway serves at /api/docs/json (through app.inject, with a real simulator behind it) validates
 * with @apidevtools/swagger-parser, and the client types openapi-typescript generates from it
 * accept the real bodies and replies of a few calls (and refuse a wrong body), by the TypeScript
 * compiler.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { CallGroup, Calls } from '@sportsbook/protocol';
import { startTestSim, type TestSim } from '@sportsbook/testkit/sim';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../app.ts';
import { toOpenApi31 } from './openapi.ts';

let sim: TestSim;
let app: FastifyInstance;
let doc: Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, unknown>> };
let dir: string;

beforeAll(async () => {
  sim = await startTestSim();
  app = await buildGateway({ upstreamUrl: sim.url, webDist: undefined, warmTopics: [], logLevel: 'silent' });
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** POSTs a call through the gateway; the reply's JSON. */
async function call(path: string, body: object): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'POST', url: `/api/${path}`, payload: body });
  return res.json();
}

/** Compiles `files` (name to source) in `dir` with the repo's strict options; the error texts. */
async function typeErrors(files: Record<string, string>): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => join(dir, name)),
    {
      strict: true,
      noEmit: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      types: [],
      lib: ['lib.es2022.d.ts'],
    },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and validates with swagger-parser, every call of the table in it', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const proxied = Calls.filter((c) => c.group !== CallGroup.odds);
    expect(Object.keys(doc.paths)).toHaveLength(proxied.length);
    // swagger-parser changes what it is given (dereferencing): a copy.
    const parsed = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(Object.keys(parsed.paths ?? {})).toHaveLength(proxied.length);
  });

  it('has JSON Schema 2020-12 schemas only: every request and reply schema compiles with Ajv 2020', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const bad: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.post as {
        requestBody?: { content: Record<string, { schema: object }> };
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      };
      const schemas = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
      ].map((m) => m.schema);
      for (const schema of schemas) {
        try {
          ajv.compile(schema);
        } catch (error) {
          bad.push(`${path}: ${String(error)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('writes TypeBox tuples as prefixItems and leaves data keywords alone', () => {
    const tuple = { type: 'array', additionalItems: false, items: [{ type: 'number' }], minItems: 1 };
    expect(toOpenApi31({ a: tuple, examples: [{ items: [1] }] })).toEqual({
      a: { type: 'array', prefixItems: [{ type: 'number' }], items: false, minItems: 1 },
      examples: [{ items: [1] }],
    });
    expect(toOpenApi31({ type: 'array', items: { type: 'string' } })).toEqual({
      type: 'array',
      items: { type: 'string' },
    });
  });

  it('generates a client with openapi-typescript whose types accept real calls and refuse a wrong body', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    const login = await call('authlogin', { account_id: 'demo01', password: 'demo1234' });
    expect(login.status).toBe(1);
    const profile = login.member_profile as { player_info: { session_token: string }[] };
    const token = profile.player_info[0]?.session_token;
    if (token === undefined) throw new Error('no session token');
    const session = { account_id: 'demo01', session_token: token };
    const balanceBody = { ...session, parent_id: 'ag01' };
    const balance = await call('userbalance', balanceBody);
    expect(balance.status).toBe(1);
    const tvBody = { ...session };
    const tv = await call('livetvlist', tvBody);
    expect(tv.status).toBe(1);
    // livetvlist's `score` is a tuple ([h, a]): the generated type must be one.
    const live = (tv.data as { score: unknown }[]).find((m) => Array.isArray(m.score));
    expect(live, 'a live match with a score').toBeDefined();
    const bad = await call('userbalance', { ...balanceBody, account_id: 1 });
    expect(bad.status).toBe(0);
    const lit = (value: unknown) => JSON.stringify(value);
    const usage = `import type { paths } from './api.ts';
type Post<P extends keyof paths> = paths[P]['post'];
type Body<P extends keyof paths> = NonNullable<Post<P>['requestBody']>['content']['application/json'];
type Reply<P extends keyof paths> = Post<P>['responses'][200]['content']['application/json'];

export const loginBody: Body<'/api/authlogin'> = ${lit({ account_id: 'demo01', password: 'demo1234' })};
export const loginReply: Reply<'/api/authlogin'> = ${lit(login)};
export const balanceBody: Body<'/api/userbalance'> = ${lit(balanceBody)};
export const balanceReply: Reply<'/api/userbalance'> = ${lit(balance)};
export const tvBody: Body<'/api/livetvlist'> = ${lit(tvBody)};
export const tvReply: Reply<'/api/livetvlist'> = ${lit(tv)};
export const score: [number, number] | null | undefined =
  'data' in tvReply && Array.isArray(tvReply.data) ? tvReply.data[0]?.score : undefined;
`;
    const wrong = `import type { paths } from './api.ts';
type Body = NonNullable<paths['/api/userbalance']['post']['requestBody']>['content']['application/json'];
export const wrong: Body = ${lit({ ...balanceBody, account_id: 1 })};
`;
    expect(await typeErrors({ 'api.ts': types, 'usage.ts': usage })).toEqual([]);
    const errors = await typeErrors({ 'api.ts': types, 'wrong.ts': wrong });
    expect(errors.join('\n')).toMatch(/wrong\.ts: Type 'number' is not assignable to type 'string'/);
  });
});
