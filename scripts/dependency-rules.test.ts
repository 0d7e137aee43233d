// The dependency rules of ARCHITECTURE.md (.dependency-cruiser.cjs) must reject each kind of
// violation: cruise a small fixture tree laid out like the repo and check what is reported.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: unknown[] };

const fixture: Record<string, string> = {
  'apps/web/src/features/wallet/components/a.ts':
    "import { b } from '../../market/model/b';\nexport const a = b;\n",
  'apps/web/src/features/market/model/b.ts': 'export const b = 1;\n',
  'apps/web/src/features/market/model/c.ts': "import { b } from './b';\nexport const c = b;\n",
  'apps/web/src/lib/d.ts': "import { b } from '../features/market/model/b';\nexport const d = b;\n",
  'apps/web/src/app/e.ts': "import { server } from '../../../api/src/server';\nexport const e = server;\n",
  'apps/api/src/server.ts': 'export const server = 1;\n',
  'apps/api/src/modules/fx/fx.service.ts':
    "import { rows } from '../ledger/ledger.repository';\nexport const fx = rows;\n",
  'apps/api/src/modules/ledger/ledger.repository.ts':
    "import { svc } from './ledger.service';\nexport const rows = svc;\n",
  'apps/api/src/modules/ledger/ledger.service.ts': 'export const svc = 1;\n',
  // A type-only cycle between two API files (route modules importing app.ts's type once made 19).
  'apps/api/src/app.ts': "import type { Route } from './modules/x/x.routes';\nexport type App = Route;\n",
  'apps/api/src/modules/x/x.routes.ts': "import type { App } from '../../app';\nexport type Route = App;\n",
  'packages/money/src/index.ts':
    "import { server } from '../../../apps/api/src/server';\nexport const m = server;\n",
};

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-deprules-'));
  for (const [file, body] of Object.entries(fixture)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), body);
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function violations(): Promise<string[]> {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['apps', 'packages'], {
      validate: true,
      ruleSet: { forbidden: config.forbidden } as never,
      tsPreCompilationDeps: true,
    });
    const output = result.output as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('dependency rules', () => {
  it('reports each forbidden import and nothing else', async () => {
    const found = await violations();
    expect([...found].sort()).toEqual(
      [
        'feature-never-imports-another-feature: apps/web/src/features/wallet/components/a.ts -> apps/web/src/features/market/model/b.ts',
        'shared-web-code-imports-no-feature-or-app: apps/web/src/lib/d.ts -> apps/web/src/features/market/model/b.ts',
        'web-never-imports-api: apps/web/src/app/e.ts -> apps/api/src/server.ts',
        'repository-only-from-own-module: apps/api/src/modules/fx/fx.service.ts -> apps/api/src/modules/ledger/ledger.repository.ts',
        'repository-below-service: apps/api/src/modules/ledger/ledger.repository.ts -> apps/api/src/modules/ledger/ledger.service.ts',
        'packages-import-no-app: packages/money/src/index.ts -> apps/api/src/server.ts',
        'no-circular: apps/api/src/app.ts -> apps/api/src/modules/x/x.routes.ts',
      ].sort(),
    );
    // An import inside one feature is allowed.
    expect(found.some((v) => v.includes('features/market/model/c.ts'))).toBe(false);
  });
});
