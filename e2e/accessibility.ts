// axe-core in the browser journeys: its source is evaluated in the page and run there, and what it finds at the
// serious and critical levels is answered in a form a failing assertion can show (rule, help, the elements). It is
// evaluated through the debugging protocol, which the app's Content-Security-Policy does not govern, so the page is
// read as the product serves it (no `bypassCSP`, which would also let through inline styles the policy refuses).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from './viewports.ts';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule broken on one screen: "rule (impact): help — selector, selector…". */
export type AxeFinding = string;

interface AxeResult {
  violations: {
    id: string;
    impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** Runs axe-core (WCAG 2.x A and AA rules, and its best practices) on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are read as drawn: a row still fading in (opacity 0.01) would read as white on white.
  // Finite animations and transitions run to their end first (spinners loop forever and are left).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    return (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as AxeResult;
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').slice(1).join(' ').trim()}]` : ''}`,
          )
          .join('; ')}`,
    );
}

/** axe-core at the desktop and the phone width; each finding is prefixed with the screen and the width. */
export async function axeBothWidths(page: Page, screen: string): Promise<AxeFinding[]> {
  const original = page.viewportSize();
  const findings: AxeFinding[] = [];
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    for (const f of await axeFindings(page)) findings.push(`${screen} @${label}: ${f}`);
  }
  if (original) await page.setViewportSize(original);
  return findings;
}
