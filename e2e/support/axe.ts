// axe-core in the page (WCAG 2.1 AA rule sets), for the accessibility e2e test.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets issue 24 holds every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Structure rules outside those tags (axe's best practices) that a screen-reader user feels at
 * once: everything inside a landmark, one main, headings that do not skip a level.
 */
export const STRUCTURE_RULES = ['region', 'landmark-one-main', 'heading-order', 'page-has-heading-one'];

export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

interface AxeResult {
  violations: Array<{
    id: string;
    impact: string | null;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

/**
 * Runs axe on the page (or inside `within`, a CSS selector such as an open dialog) and returns the
 * serious and critical violations of the WCAG 2.1 A/AA rules, plus any violation of the structure
 * rules when `structure` is set (a whole page; a dialog is not a page).
 */
export async function axeFindings(
  page: Page,
  { within, structure = false }: { within?: string; structure?: boolean } = {},
): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const result = await page.evaluate(
    async ({ within, rules, tags }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
      const context = within ? { include: [within] } : document;
      const wcag = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
      const extra = rules.length
        ? await axe.run(context, { runOnly: { type: 'rule', values: rules } })
        : null;
      return { wcag, extra };
    },
    { within, rules: structure ? STRUCTURE_RULES : [], tags: WCAG_TAGS },
  );
  const pick = (r: AxeResult, all: boolean) =>
    r.violations
      .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
        summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
      }));
  return [
    ...pick(result.wcag as AxeResult, false),
    ...(result.extra ? pick(result.extra as AxeResult, true) : []),
  ];
}
