// The registry of section kinds, in the order the planner breaks ties (an earlier kind wins).

import { api } from './api.ts';
import { architecture } from './architecture.ts';
import { buildDeploy } from './build-deploy.ts';
import { components } from './components.ts';
import { conclusion } from './conclusion.ts';
import { configuration } from './configuration.ts';
import { custom } from './custom.ts';
import { dataModel } from './data-model.ts';
import { dependencies } from './dependencies.ts';
import { gettingStarted } from './getting-started.ts';
import { knownIssues } from './known-issues.ts';
import { metrics } from './metrics.ts';
import { overview } from './overview.ts';
import { performance } from './performance.ts';
import { security } from './security.ts';
import { structure } from './structure.ts';
import { technology } from './technology.ts';
import { testing } from './testing.ts';
import type { SectionSpec } from './define.ts';
import type { SectionKind } from './kinds.ts';

export const SECTIONS = [
  overview,
  architecture,
  components,
  technology,
  dependencies,
  dataModel,
  api,
  configuration,
  buildDeploy,
  testing,
  security,
  performance,
  metrics,
  structure,
  gettingStarted,
  knownIssues,
  conclusion,
  custom,
] as const satisfies readonly SectionSpec<SectionKind>[];

// The registry and the vocabulary name the same kinds: a kind of kinds.ts without a module fails here.
const _everyKindRegistered: [Exclude<SectionKind, (typeof SECTIONS)[number]['kind']>] extends [never]
  ? true
  : never = true;

export type { SectionSpec } from './define.ts';

const BY_KIND = new Map<string, (typeof SECTIONS)[number]>(SECTIONS.map((s) => [s.kind, s]));

export function sectionOf(kind: SectionKind): (typeof SECTIONS)[number] {
  return BY_KIND.get(kind)!;
}

export const SECTION_KINDS: SectionKind[] = SECTIONS.map((s) => s.kind);

/** The kinds a synthesis (an intro, the overview, the conclusion) draws on: every kind but custom. */
export const SYNTHESIS_KINDS: SectionKind[] = SECTION_KINDS.filter((k) => k !== 'custom');

/** A plan with an intro, an overview or a conclusion draws on every kind's findings. */
export function needsSynthesis(plan: { kind: SectionKind; hasChildren: boolean }[]): boolean {
  return plan.some((p) => p.hasChildren || p.kind === 'overview' || p.kind === 'conclusion');
}
