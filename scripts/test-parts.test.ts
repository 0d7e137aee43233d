// CI runs the API suite on PostgreSQL only and, on PGlite, the files listed in
// scripts/test-parts.mjs (decision 0067): the list must name files that exist, and cover every
// module whose code branches on the engine, or such a branch would never run on PGlite in CI.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types
import { PGLITE_ENGINE_TESTS, UNIT_PATHS } from './test-parts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiSrc = path.join(root, 'apps/api/src');
const listed = PGLITE_ENGINE_TESTS as string[];

/** Source files (not tests) that ask which engine they run on. */
function engineBranches(): string[] {
  return fs
    .readdirSync(apiSrc, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) =>
      /\.kind === '(pglite|postgres)'|database\.kind\b|kind: 'pglite'/.test(
        fs.readFileSync(path.join(apiSrc, f), 'utf8'),
      ),
    )
    .map((f) => path.join('apps/api/src', f));
}

describe('the test files CI runs on PGlite (scripts/test-parts.mjs)', () => {
  it('names test files and folders that exist', () => {
    for (const entry of [...listed, ...(UNIT_PATHS as string[])]) {
      expect(fs.existsSync(path.join(root, entry)), entry).toBe(true);
    }
  });

  it('covers each module whose code branches on the engine with a test file of its folder', () => {
    const branches = engineBranches();
    expect(branches).toContain('apps/api/src/db/client.ts');
    const uncovered = branches.filter((file) => {
      const folder = `${path.dirname(file)}/`;
      return !listed.some((entry) => entry.startsWith(folder) || folder.startsWith(entry));
    });
    expect(uncovered).toEqual([]);
  });
});
