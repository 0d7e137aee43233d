import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page must load without zod (decision 0039: /login ≤ 120 KB on the wire). The bundler
 * keeps a whole contract module once one of its values is used, so one constant imported from a
 * contract file that declares schemas brings zod onto the page: SERVER_TIME_HEADER in common.ts
 * did, and /login grew from 116 to 136 KB. This walks the static imports of the entry and of the
 * sign-in page (dynamic `import()` and `import type` are not followed) and checks that every
 * value taken from '@imali/contract' is declared in a contract file that does not import zod.
 * `npm run bench -- web-bundle` measures the bytes; this test keeps the cause from coming back.
 */
const webSrc = path.resolve(import.meta.dirname, '..');
const contractSrc = path.resolve(webSrc, '../../../packages/contract/src');
const ENTRIES = ['main.tsx', 'features/identity/components/login-page.tsx'];

function resolveLocal(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(webSrc, spec.slice(2))
    : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Value imports (not `import type`, not type-only names) of every statically reached web file. */
function contractValuesReached(): Map<string, string> {
  const reached = new Map<string, string>(); // name → first web file importing it
  const seen = new Set<string>();
  const queue = ENTRIES.map((e) => path.join(webSrc, e));
  const importRe = /^import\s+(?!type\s)([\s\S]*?)\s+from\s+'([^']+)';/gm;
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, clause, spec] of text.matchAll(importRe)) {
      if (spec === '@imali/contract') {
        const names = /\{([\s\S]*)\}/.exec(clause!)?.[1] ?? '';
        for (const raw of names.split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          if (!reached.has(name)) reached.set(name, path.relative(webSrc, file));
        }
      } else if (spec!.startsWith('.') || spec!.startsWith('@/')) {
        if (/\.css$/.test(spec!)) continue;
        const target = resolveLocal(file, spec!);
        if (target) queue.push(target);
      }
    }
  }
  return reached;
}

/** The contract file that declares `name` (directly, or re-exported by name from a sibling). */
function declaringFile(name: string): string | undefined {
  const files = fs.readdirSync(contractSrc).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const declares = new RegExp(`^export (const|function|class|enum|let) ${name}\\b`, 'm');
  return files.find((f) => declares.test(fs.readFileSync(path.join(contractSrc, f), 'utf8')));
}

describe('the sign-in page loads without zod', () => {
  it('takes from the contract only values declared in zod-free files', () => {
    const reached = contractValuesReached();
    expect(reached.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const [name, importer] of reached) {
      const file = declaringFile(name);
      if (!file) continue; // a type imported without `type`: erased at build time
      if (/from 'zod'/.test(fs.readFileSync(path.join(contractSrc, file), 'utf8'))) {
        offenders.push(`${name} (contract/src/${file}, imported by ${importer})`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
