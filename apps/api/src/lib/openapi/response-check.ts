import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the check reads. */
interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenapiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: object;
}

/** An answer the server gave, as a test saw it. */
export interface ObservedResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

interface PathMatcher {
  template: string;
  pattern: RegExp;
  templated: number;
}

const header = (value: ObservedResponse['headers'][string]) =>
  Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);

/**
 * Checks answers against the published document (decision 0052): the operation exists, the
 * status is documented, the content type is one the status documents, and a JSON body matches
 * its schema (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1). Returns what is wrong, or
 * nothing. An unknown path answered 404 is the not-found handler, not an operation: ignored.
 */
export function responseChecker(document: OpenapiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  const matchers: PathMatcher[] = Object.keys(document.paths ?? {})
    .map((template) => ({
      template,
      templated: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(
        `^${template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]*' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('')}$`,
      ),
    }))
    // A literal segment wins over a parameter (Fastify's router does the same).
    .sort((a, b) => a.templated - b.templated);

  const pathOf = (pathname: string) =>
    matchers.find((m) => m.pattern.test(pathname)) ??
    // Fastify also routes the path without its trailing slash (hidden alias of /market-data/search/).
    matchers.find((m) => m.pattern.test(`${pathname}/`));

  function validatorFor(key: string, schema: object) {
    let validate = validators.get(key);
    if (!validate) {
      // `#/components/...` references resolve against this root.
      validate = ajv.compile({ ...schema, components: document.components });
      validators.set(key, validate);
    }
    return validate;
  }

  return function check(observed: ObservedResponse): string | undefined {
    // Fastify answers HEAD for every GET route: the GET operation, without its content (RFC 9110).
    const head = observed.method.toUpperCase() === 'HEAD';
    const method = head ? 'get' : observed.method.toLowerCase();
    const pathname = new URL(observed.url, 'http://local').pathname;
    const where = `${observed.method.toUpperCase()} ${pathname} → ${observed.statusCode}`;
    const matched = pathOf(pathname);
    const operation = matched ? document.paths![matched.template]![method] : undefined;
    if (!operation) {
      if (observed.statusCode === 404 || observed.statusCode === 405) return undefined;
      if (!/^\/(api|ops|market-data)\//.test(pathname) || pathname.startsWith('/api/docs')) return undefined;
      // The ops app's document itself (app.ts buildOpsApp), like /api/docs.
      if (pathname === '/ops/v1/openapi.json') return undefined;
      return `${where}: no such operation in the document`;
    }
    const status = String(observed.statusCode);
    const documented =
      operation.responses?.[status] ??
      operation.responses?.[`${status[0]}XX`] ??
      operation.responses?.default;
    if (!documented) {
      return `${where}: status not documented for ${operation.operationId} (documents ${Object.keys(operation.responses ?? {}).join(', ')})`;
    }
    const contentType = header(observed.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
    const content = documented.content;
    if (!content || observed.rawPayload.length === 0) {
      return content && Object.keys(content).length > 0 && !head
        ? `${where}: empty body, the document promises ${Object.keys(content).join(', ')}`
        : undefined;
    }
    if (!contentType) return `${where}: no content type`;
    const media = content[contentType] ?? content[`${contentType.split('/')[0]}/*`] ?? content['*/*'];
    if (!media)
      return `${where}: content type ${contentType} not documented (${Object.keys(content).join(', ')})`;
    if (contentType !== 'application/json' || !media.schema || head) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(decoded(observed).toString('utf8'));
    } catch {
      return `${where}: body is not JSON`;
    }
    const validate = validatorFor(`${matched!.template} ${method} ${status} ${contentType}`, media.schema);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
    return `${where}: body does not match ${operation.operationId}'s ${status} schema: ${errors}; body ${JSON.stringify(body).slice(0, 300)}`;
  };
}

function decoded(observed: ObservedResponse): Buffer {
  const encoding = header(observed.headers['content-encoding']);
  if (encoding === 'br') return zlib.brotliDecompressSync(observed.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(observed.rawPayload);
  return observed.rawPayload;
}
