// The web's route map (packages/contract/src/api-routes.ts) is typed against the operations of the
// API's OpenAPI document (decision 0053): this compiles a route map with a deliberate wrong path
// and shows the type error the build's type check (`npm run typecheck`) stops at.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONTRACT_SRC = path.resolve(import.meta.dirname, '../packages/contract/src');

/** Type-checks `source` as a file beside api-routes.ts; the diagnostics' messages. */
function typeErrorsOf(source: string): string[] {
  const file = path.join(CONTRACT_SRC, '__wrong-path.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, language) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a route map path the API does not document', () => {
  it('fails the type check on a path the OpenAPI document lacks (a deliberate wrong path)', () => {
    const wrong = typeErrorsOf(
      "import { defineRoutes } from './api-routes';\n" +
        "export const routes = defineRoutes({ menu: { op: 'GET /api/client/app/v1/menus' } });\n",
    );
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^Type '"GET \/api\/client\/app\/v1\/menus"' is not assignable to type /);
    expect(wrong[0]).toContain(`Did you mean '"GET /api/client/app/v1/menu"'?`);
    // The same file with the documented path compiles: the error is the path, not the fixture.
    const right = typeErrorsOf(
      "import { defineRoutes } from './api-routes';\n" +
        "export const routes = defineRoutes({ menu: { op: 'GET /api/client/app/v1/menu' } });\n",
    );
    expect(right).toEqual([]);
  }, 60_000);

  it('a documented path with the wrong method fails too', () => {
    const errors = typeErrorsOf(
      "import { defineRoutes } from './api-routes';\n" +
        "export const routes = defineRoutes({ menu: { op: 'POST /api/client/app/v1/menu' } });\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Type '"POST \/api\/client\/app\/v1\/menu"' is not assignable to type /);
  }, 60_000);
});
