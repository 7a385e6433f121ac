// The planner: maps every template entry to a section kind by its title (keywords and synonyms,
// with the parent's kind as context for vague subsection titles) and lists the evidence it needs.

import type { ReportTemplate } from '../template/types.ts';
import type { AgentDeps, SectionKind, SectionPlan } from './types.ts';

/** Phrases per kind. Multi-word phrases outrank single words; "generic" words rank lowest. */
const KEYWORDS: Record<Exclude<SectionKind, 'custom'>, string[]> = {
  overview: ['executive summary', 'summary', 'introduction', 'overview', 'abstract', 'about', 'background', 'purpose', 'scope', 'preface', 'project description', 'at a glance', 'context'],
  architecture: ['system architecture', 'architecture', 'design', 'system design', 'high level design', 'module dependencies', 'dependency graph', 'layers', 'layering', 'topology', 'patterns', 'data flow', 'control flow'],
  components: ['components', 'modules', 'packages', 'subsystems', 'services', 'building blocks', 'key files', 'main modules', 'code organisation', 'code organization', 'core modules', 'component', 'module', 'service', 'package'],
  technology: ['frameworks and libraries', 'tech stack', 'technology stack', 'technology', 'technologies', 'stack', 'languages', 'frameworks', 'libraries and frameworks', 'tooling', 'platform', 'programming languages'],
  dependencies: ['dependencies', 'third party', 'third-party', 'libraries', 'packages used', 'external dependencies', 'supply chain', 'open source components', 'sbom', 'licences', 'licenses', 'dependency', 'library', 'third party libraries'],
  'data-model': ['data model', 'database', 'schema', 'data layer', 'persistence', 'storage', 'entities', 'models', 'orm', 'data structures', 'domain model', 'migrations', 'data'],
  api: ['rest api', 'api', 'apis', 'endpoints', 'routes', 'http interface', 'web services', 'interfaces', 'public interface', 'api reference', 'graphql', 'rpc', 'endpoint', 'route', 'http api', 'web api'],
  configuration: ['configuration', 'config', 'settings', 'environment variables', 'environment', 'feature flags', 'parameters', 'secrets management'],
  'build-deploy': ['deployment', 'deploy', 'ci/cd', 'ci cd', 'continuous integration', 'continuous delivery', 'build', 'build and deployment', 'release', 'packaging', 'infrastructure', 'devops', 'docker', 'containers', 'pipeline', 'operations', 'hosting'],
  testing: ['quality assurance', 'testing', 'tests', 'test strategy', 'test coverage', 'quality', 'qa', 'verification', 'validation', 'code quality', 'test', 'unit tests', 'test suite'],
  security: ['security', 'authentication', 'authorization', 'authorisation', 'threat model', 'vulnerabilities', 'secrets', 'access control', 'compliance', 'privacy', 'security review', 'hardening'],
  performance: ['performance', 'scalability', 'optimisation', 'optimization', 'efficiency', 'hot spots', 'hotspots', 'latency', 'throughput', 'load', 'resource usage', 'concurrency'],
  metrics: ['code metrics', 'metrics', 'statistics', 'code statistics', 'size', 'complexity', 'measurements', 'numbers', 'loc', 'lines of code', 'maintainability'],
  structure: ['project structure', 'directory structure', 'folder structure', 'repository layout', 'layout', 'file structure', 'structure', 'organisation', 'organization', 'source tree', 'codebase'],
  'getting-started': ['getting started', 'installation', 'install', 'setup', 'set up', 'quick start', 'quickstart', 'usage', 'how to run', 'running locally', 'onboarding', 'prerequisites', 'developer guide', 'local development'],
  'known-issues': ['risks', 'technical debt', 'tech debt', 'todo', 'todos', 'known issues', 'issues', 'limitations', 'open issues', 'fixme', 'problems', 'weaknesses', 'gaps', 'findings', 'caveats', 'risk', 'debt', 'fixmes', 'open points'],
  conclusion: ['key findings', 'main findings', 'recommendations', 'conclusion', 'conclusions', 'next steps', 'roadmap', 'future work', 'outlook', 'summary of findings', 'closing remarks', 'improvements', 'action items', 'final remarks', 'recommendation', 'suggestions', 'way forward'],
};

/** Words that say little on their own; a subsection titled with them takes its parent's kind. */
const GENERIC = new Set(['overview', 'summary', 'introduction', 'about', 'background', 'context', 'scope', 'details', 'general', 'description', 'notes', 'data', 'structure', 'quality', 'issues', 'interfaces', 'environment', 'size', 'numbers']);

/** Which analysis fields each kind draws on (recorded in the plan and the trace). */
export const EVIDENCE: Record<SectionKind, string[]> = {
  overview: ['project', 'docs.readme', 'languages', 'frameworks', 'dependencies', 'routes', 'tests', 'license'],
  architecture: ['moduleGraph', 'tree', 'entryPoints', 'frameworks', 'containers', 'imports'],
  components: ['moduleGraph', 'tree', 'symbols', 'files'],
  technology: ['languages', 'frameworks', 'manifests', 'dependencies'],
  dependencies: ['dependencies', 'manifests', 'files (lockfiles)'],
  'data-model': ['frameworks (orm)', 'dependencies', 'files (schemas, migrations)', 'symbols'],
  api: ['routes', 'symbols (exported)', 'frameworks (web)'],
  configuration: ['envVars', 'config.files', 'containers'],
  'build-deploy': ['entryPoints', 'ci', 'containers', 'manifests'],
  testing: ['tests', 'entryPoints (test scripts)', 'ci', 'files'],
  security: ['secrets', 'dependencies (auth, security)', 'envVars', 'license'],
  performance: ['files (largest)', 'dependencies (heavy)', 'symbols', 'moduleGraph'],
  metrics: ['project', 'languages', 'files', 'symbols', 'imports', 'todos', 'git'],
  structure: ['tree', 'files'],
  'getting-started': ['docs.readme', 'entryPoints', 'manifests', 'envVars', 'containers'],
  'known-issues': ['todos', 'secrets', 'tests', 'ci', 'skipped'],
  conclusion: ['findings of every kind'],
  custom: ['retrieval over paths, symbols, docs and comments'],
};

function normalise(title: string): string {
  return ` ${title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9/+\-\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Singular/plural-tolerant phrase match at word boundaries; returns the index or -1. */
function findPhrase(text: string, phrase: string): number {
  const esc = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[ \\-]');
  const m = new RegExp(`(?<=[ /])${esc}(e?s)?(?=[ /])`).exec(text);
  return m ? m.index : -1;
}

export interface KindMatch {
  kind: SectionKind;
  score: number;
  generic: boolean;
}

/** Scores a title against every kind; the best match wins, ties go to the later (head) noun. */
export function classifyTitle(title: string): KindMatch {
  const text = normalise(title);
  let best: KindMatch & { pos: number } = { kind: 'custom', score: 0, generic: false, pos: -1 };
  let bestGenericOnly = true;
  for (const [kind, phrases] of Object.entries(KEYWORDS) as [SectionKind, string[]][]) {
    let score = 0;
    let pos = -1;
    let genericOnly = true;
    for (const p of phrases) {
      const at = findPhrase(text, p);
      if (at < 0) continue;
      const words = p.split(' ').length;
      const isGeneric = words === 1 && GENERIC.has(p);
      score += isGeneric ? 1 : words > 1 ? 3 + words : 3;
      if (!isGeneric) genericOnly = false;
      pos = Math.max(pos, at);
    }
    if (score > best.score || (score === best.score && score > 0 && pos > best.pos)) {
      best = { kind, score, generic: genericOnly, pos };
      bestGenericOnly = genericOnly;
    }
  }
  return { kind: best.kind, score: best.score, generic: best.score > 0 && bestGenericOnly };
}

/** Kind of one entry, given its parent's kind (a vague child of "Security" is about security). */
export function kindFor(title: string, parentKind?: SectionKind): SectionKind {
  const m = classifyTitle(title);
  if (parentKind && parentKind !== 'custom' && parentKind !== 'overview') {
    if (m.kind === 'custom' || m.generic) return parentKind;
  }
  return m.kind;
}

/** Aspects a title can narrow a kind to; writers that know the aspect write only that part. */
const FOCUS: Partial<Record<SectionKind, [string, string][]>> = {
  conclusion: [['key findings', 'key-findings'], ['main findings', 'key-findings'], ['summary of findings', 'key-findings']],
  'build-deploy': [['container', 'containers'], ['docker', 'containers'], ['image', 'containers'], ['ci', 'ci'], ['continuous integration', 'ci'], ['pipeline', 'ci'], ['workflow', 'ci'], ['script', 'scripts'], ['build', 'scripts'], ['make', 'scripts']],
  architecture: [['module dependencies', 'modules'], ['dependency graph', 'modules'], ['modules', 'modules'], ['layers', 'modules'], ['entry point', 'entry-points'], ['entrypoint', 'entry-points'], ['startup', 'entry-points'], ['bootstrap', 'entry-points']],
  configuration: [['environment', 'env'], ['env', 'env'], ['variables', 'env'], ['files', 'files'], ['config files', 'files'], ['configuration files', 'files']],
  security: [['authentication', 'auth'], ['authorization', 'auth'], ['authorisation', 'auth'], ['access control', 'auth'], ['secrets', 'secrets'], ['credentials', 'secrets'], ['supply chain', 'supply-chain'], ['dependencies', 'supply-chain']],
  testing: [['test suites', 'suites'], ['tests', 'suites'], ['unit tests', 'suites'], ['test coverage', 'suites'], ['code quality', 'quality'], ['linting', 'quality'], ['static analysis', 'quality'], ['quality', 'quality']],
  technology: [['languages', 'languages'], ['programming languages', 'languages'], ['frameworks', 'frameworks'], ['libraries', 'frameworks']],
};

/** The aspect of `kind` a title names, if it names exactly one. */
export function focusFor(title: string, kind: SectionKind): string | undefined {
  const text = normalise(title);
  const found = new Set((FOCUS[kind] ?? []).filter(([p]) => findPhrase(text, p) >= 0).map(([, f]) => f));
  return found.size === 1 ? [...found][0] : undefined;
}

/** Offline planner role. */
export async function planSections(input: { template: ReportTemplate }, _deps: AgentDeps): Promise<SectionPlan[]> {
  const plans: SectionPlan[] = [];
  input.template.chapters.forEach((ch, ci) => {
    const chapterKind = kindFor(ch.title);
    const cid = `${ci + 1}`;
    plans.push({ id: cid, level: 1, title: ch.title, kind: chapterKind, evidence: EVIDENCE[chapterKind], hasChildren: ch.sections.length > 0 });
    ch.sections.forEach((sec, si) => {
      const sectionKind = kindFor(sec.title, chapterKind);
      const sid = `${cid}.${si + 1}`;
      const secFocus = focusFor(sec.title, sectionKind);
      plans.push({ id: sid, level: 2, title: sec.title, kind: sectionKind, evidence: EVIDENCE[sectionKind], hasChildren: sec.subsections.length > 0, ...(secFocus ? { focus: secFocus } : {}) });
      sec.subsections.forEach((sub, ui) => {
        const subKind = kindFor(sub.title, sectionKind === 'custom' ? chapterKind : sectionKind);
        const subFocus = focusFor(sub.title, subKind);
        plans.push({ id: `${sid}.${ui + 1}`, level: 3, title: sub.title, kind: subKind, evidence: EVIDENCE[subKind], hasChildren: false, ...(subFocus ? { focus: subFocus } : {}) });
      });
    });
  });
  return plans;
}
