/**
 * Issue 20, generated clients: the OpenAPI document is what it declares (3.1.0, JSON Schema 2020-12 as
 * its dialect) and validates as such, and a TypeScript client generated from it with openapi-typescript
 * type-checks calls written the way a client would write them (and refuses a wrong one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';

const t = await createTestApp();
afterAll(() => t.close());

const documentOf = async () => JSON.parse((await t.app.inject({ url: '/api/openapi.json' })).body) as Record<string, any>;

/** A client's calls against the generated `paths`; the last one is wrong on purpose. */
const CALLS = `
import type { paths } from './schema';

type Body<P extends keyof paths, M extends 'post'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
type Answer<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer A } } } } } ? A : never;

export const newParam: Body<'/api/blade-system/param/submit', 'post'> = { paramName: '测试', paramKey: 'test.key', paramValue: '1' };
export const listParams: Query<'/api/blade-system/param/list'> = { current: 1, size: 10 };
export const firstKey = (a: Answer<'/api/blade-system/param/list'>): string | undefined => a.data.records[0]?.paramKey;
export const dict: Body<'/api/blade-system/dict/submit', 'post'> = { code: 'sex', dictValue: '性别', sort: 1, isSealed: 0 };
// @ts-expect-error paramName is text, not a number: a generated client catches it
export const wrong: Body<'/api/blade-system/param/submit', 'post'> = { paramName: 1, paramKey: 'k', paramValue: '1' };
`;

describe('the OpenAPI document', () => {
  it('declares 3.1.0 with its JSON Schema dialect, and validates as 3.1', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
    // The validator reads (and may change) the object it is given: a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('generates a TypeScript client (openapi-typescript) whose calls type-check', async () => {
    const doc = await documentOf();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(doc as never)));
      fs.writeFileSync(path.join(dir, 'calls.ts'), CALLS);
      const program = ts.createProgram([path.join(dir, 'calls.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        types: [],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // generating and type-checking a 300-operation client takes a while on a busy machine
});
