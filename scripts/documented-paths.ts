// `npm run generate:documented-paths`: writes packages/contract/src/generated/documented-paths.ts,
// the (method, path) pairs of the API's OpenAPI document, which the web's route map is typed
// against (decision 0053). Builds the app on an in-memory database, as the API tests do.
import fs from 'node:fs';
import {
  DOCUMENTED_PATHS_FILE,
  documentedOperations,
  renderDocumentedPaths,
} from '../apps/api/src/test/documented-operations';
import { createTestApp } from '../apps/api/src/test/test-app';

const t = await createTestApp();
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const operations = documentedOperations(res.json());
  fs.writeFileSync(DOCUMENTED_PATHS_FILE, renderDocumentedPaths(operations));
  console.log(`${operations.length} operations → ${DOCUMENTED_PATHS_FILE}`);
} finally {
  await t.close();
}
