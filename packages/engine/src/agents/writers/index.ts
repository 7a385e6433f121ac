// The offline writers, one per section kind, behind one map.

import type { SectionKind } from '../types.ts';
import { writeApi } from './api.ts';
import { writeArchitecture } from './architecture.ts';
import { writeBuildDeploy } from './build-deploy.ts';
import { writeComponents } from './components.ts';
import { writeConfiguration } from './configuration.ts';
import { writeConclusion } from './conclusion.ts';
import type { SectionWriter } from './context.ts';
import { writeCustom } from './custom.ts';
import { writeDataModel } from './data-model.ts';
import { writeDependencies } from './dependencies.ts';
import { writeGettingStarted } from './getting-started.ts';
import { writeKnownIssues } from './known-issues.ts';
import { writeMetrics } from './metrics.ts';
import { writeOverview } from './overview.ts';
import { writePerformance } from './performance.ts';
import { writeSecurity } from './security.ts';
import { writeStructure } from './structure.ts';
import { writeTechnology } from './technology.ts';
import { writeTesting } from './testing.ts';

export const WRITERS: Record<SectionKind, SectionWriter> = {
  overview: writeOverview,
  architecture: writeArchitecture,
  components: writeComponents,
  technology: writeTechnology,
  dependencies: writeDependencies,
  'data-model': writeDataModel,
  api: writeApi,
  configuration: writeConfiguration,
  'build-deploy': writeBuildDeploy,
  testing: writeTesting,
  security: writeSecurity,
  performance: writePerformance,
  metrics: writeMetrics,
  structure: writeStructure,
  'getting-started': writeGettingStarted,
  'known-issues': writeKnownIssues,
  conclusion: writeConclusion,
  custom: writeCustom,
};

export type { SectionWriter, WriterContext } from './context.ts';
export { writeIntro } from './intro.ts';
