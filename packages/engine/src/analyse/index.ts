// The analysis stage: reads the workspace once into a shared cache, runs every deterministic pass,
// times each one, reports progress, and returns analysis.json with secrets masked everywhere.

import { throwIfCancelled } from '../errors.ts';
import { splitCitation } from '../citations.ts';
import type { EngineContext, Workspace } from '../types.ts';
import { ciPass, staticChecksPass } from './ci.ts';
import { configPass } from './config.ts';
import { containersPass } from './containers.ts';
import { dataModelPass, sqlScriptsPass } from './data-model.ts';
import { dependenciesPass, manifestArea, setDependencyAreas } from './dependencies.ts';
import { docsPass, envDocsPass } from './docs.ts';
import { entryPointsPass } from './entry-points.ts';
import { envArea } from './env-class.ts';
import { envVarsPass } from './env-vars.ts';
import { systemPropertiesPass } from './system-properties.ts';
import { frameworksPass } from './frameworks.ts';
import { codeOnly } from './comments.ts';
import { gitPass } from './git.ts';
import { dataTables, typeDeclarationFiles, generatedFiles } from './identity/generated.ts';
import { centralFiles, componentLinks } from './identity/components.ts';
import { areaOf, centreFirst, dataAccessFiles, identityPass, webLayers } from './identity/index.ts';
import { adoptLayoutRoles, languagesPass } from './languages.ts';
import { PACKAGE_ROLES_VERSION } from './package-roles.ts';
import { pathRole, scriptDataFiles } from './path-role.ts';
import { licensePass } from './license.ts';
import { buildResolveContext, moduleGraphPass } from './module-graph.ts';
import { routesPass } from './routes.ts';
import { scrubSecrets, secretsPass } from './secrets.ts';
import { securityFactsPass } from './security-facts.ts';
import { loadSources, type Sources } from './sources.ts';
import { symbolsPass } from './symbols.ts';
import { isFixturePath, splitTestFindings, testDataManifests } from './test-code.ts';
import { dependencyTestFrameworks, suiteFiles, testsPass } from './tests.ts';
import { todosPass } from './todos.ts';
import { flowPass } from './flow/index.ts';
import { loadTreeSitter } from './tree-sitter.ts';
import { treePass } from './tree.ts';
import type { Analysis } from './types.ts';

export type * from './types.ts';
export { loadSources, sourcesFromMap, type Sources } from './sources.ts';
export { countLines } from './line-counter.ts';
export { detectLanguage } from './cloc-languages.ts';
export { maskSecret } from './secrets.ts';
export { blankComments } from './comments.ts';
export { pathRole, PATH_ROLES } from './path-role.ts';

const PASS_COUNT = 24;
// config files of an example app, the docs, a benchmark or the tests (a lint override for test code):
// not settings of the project a user sets
const NOT_CONFIG_AREAS = new Set<string>([
  'examples',
  'docs',
  'benchmarks',
  'fixtures',
  'playground',
  'tests',
]);
const TREE_SITTER_LANGUAGES = new Set(['TypeScript', 'JavaScript', 'JSX', 'Python', 'Go']);
/** Parseable code lines up to which symbols come from tree-sitter; the benchmark holds analysis ≤ cloc. */
export const TREE_SITTER_MAX_LINES = 5_000;

export async function analyse(workspace: Workspace, ctx: EngineContext): Promise<Analysis> {
  const timings: Record<string, number> = {};
  let done = 0;
  const report = async () => {
    done++;
    await ctx.onProgress('ai_code_analysis', Math.min(100, Math.round((done / PASS_COUNT) * 100)));
  };
  const timed = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    throwIfCancelled(ctx.signal);
    const t0 = performance.now();
    const r = await fn();
    timings[name] = Math.round((performance.now() - t0) * 100) / 100;
    await report();
    return r;
  };

  // git runs in a child process, so start it now and let it overlap with the CPU-bound passes
  const gitStart = performance.now();
  const gitPromise = gitPass(workspace.root).then((g) => {
    timings.git = Math.round((performance.now() - gitStart) * 100) / 100;
    return g;
  });

  const src: Sources = await timed('read', () =>
    loadSources(workspace.root, workspace.files, { maxFileBytes: ctx.limits?.maxFileBytes }),
  );
  src.links = new Map(workspace.skipped.flatMap((s) => (s.linkTo ? [[s.path, s.linkTo] as const] : [])));
  // compiled stylesheets, bundles and copied libraries among the sources are not the team's lines
  const generated = await timed('generated', () => generatedFiles(src));
  const generatedSet = new Set(generated.map((g) => g.path));
  // seed data a package script hands to a tool is the tooling's, not the tests', wherever it sits
  const seedData = scriptDataFiles(src);
  const lang = await timed('languages', () =>
    languagesPass(src, (p) => (generatedSet.has(p) ? 'generated' : seedData.has(p) ? 'other' : pathRole(p))),
  );
  // a file that is mostly a table of literals is data, however long: never the largest source file
  const data = new Set(
    dataTables(
      src,
      lang.files.filter((f) => f.role !== 'generated').map((f) => f.path),
    ),
  );
  for (const f of lang.files) if (data.has(f.path)) f.literalData = true;
  // a long file of type declarations is compile-time only: no logic to review or split
  const typeOnly = new Set(
    typeDeclarationFiles(
      src,
      lang.files.filter((f) => f.role !== 'generated' && !f.literalData).map((f) => f.path),
    ),
  );
  for (const f of lang.files) if (typeOnly.has(f.path)) f.typeDeclarations = true;
  const tree = await timed('tree', () => treePass(lang.files, workspace.name));
  const deps = await timed('dependencies', () =>
    dependenciesPass(
      src,
      workspace.skipped.map((s) => s.path),
    ),
  );
  const entryPoints = await timed('entryPoints', () => entryPointsPass(src));
  // tree-sitter costs a one-off grammar load (~0.25 s) and parses far slower than a regex scan; the
  // whole regex analysis of a 30k-line tree takes about half of cloc's time, so tree-sitter is kept
  // for small trees only, where its exact syntax matters most and its cost stays small
  const parseable = lang.languages
    .filter((l) => TREE_SITTER_LANGUAGES.has(l.language))
    .reduce((n, l) => n + l.code, 0);
  const treeSitter =
    parseable > 0 && parseable <= TREE_SITTER_MAX_LINES
      ? await timed('treeSitterInit', loadTreeSitter)
      : null;
  const sym = await timed('symbols', () => symbolsPass(src, lang.files, treeSitter));
  const resolveCtx = buildResolveContext(src, deps.manifests);
  const moduleGraph = await timed('moduleGraph', () => moduleGraphPass(lang.files, sym.imports, resolveCtx));
  const dataModel = await timed('dataModel', () => dataModelPass(src, lang.files));
  const sqlScripts = await timed('sqlScripts', () => sqlScriptsPass(src, lang.files));
  const routes = await timed('routes', () => routesPass(src, lang.files, sym.imports, resolveCtx));
  const envVars = await timed('envVars', () => envVarsPass(src, lang.files));
  const properties = await timed('systemProperties', () => systemPropertiesPass(src, lang.files));
  // the suite's files first: the test folders' manifests are the suite's own only beside them
  const scanned = await timed('tests', () => testsPass(src, lang.files, []));
  const testData = testDataManifests(
    deps.manifests.map((m) => m.path),
    suiteFiles(lang.files, scanned),
  );
  // a fixture app's manifests describe the fixture, not this project; a sample's (a highlighter's
  // `tests/syntax-tests/source/Go/go.mod`) the sample
  const ownDeps = deps.dependencies.filter((d) => !isFixturePath(d.manifest) && !testData.has(d.manifest));
  const tests = {
    ...scanned,
    frameworks: [...new Set([...scanned.frameworks, ...dependencyTestFrameworks(ownDeps)])].sort(),
  };
  const ci = await timed('ci', () => ciPass(src));
  const staticChecks = await timed('staticChecks', () => staticChecksPass(src));
  const containers = await timed('containers', () => containersPass(src));
  const license = await timed('license', () => licensePass(src));
  const docs = await timed('docs', () => docsPass(src));
  docs.envVarMentions = envDocsPass(src, [...new Set(envVars.map((e) => e.name))], docs.files);
  const todos = await timed('todos', () => todosPass(src, lang.files));
  const secrets = await timed('secrets', () => secretsPass(src, lang.files, envVars));
  const config = await timed('config', () => configPass(src));
  const securityFacts = await timed('securityFacts', () => securityFactsPass(src, lang.files));
  const { identity, manifestName } = await timed('identity', () =>
    identityPass({
      src,
      files: lang.files,
      dependencies: ownDeps,
      symbols: sym.symbols,
      imports: sym.imports,
      routes,
      dataModel,
      skipped: workspace.skipped.map((s) => s.path),
      generated,
    }),
  );
  // files the path took for product that the layout puts apart count as what the layout says they are
  adoptLayoutRoles(lang, (p) => areaOf(p, identity));
  // routes, entry points, frameworks and dependencies say whose they are: the product's, or the examples', tests'…
  for (const r of routes) r.area = areaOf(r.file, identity);
  // a library or framework serves nothing itself: routes in its product are a shipped component's
  if (identity.kind === 'library' || identity.kind === 'framework')
    for (const r of routes) if (r.area === 'product') r.area = 'component';
  for (const e of entryPoints) e.area = areaOf(e.path, identity);
  // manifests, lockfiles and what they declare say whose they are; frameworks follow their manifest
  const area = (file: string) => areaOf(file, identity);
  setDependencyAreas(deps, area);
  const frameworks = await timed('frameworks', () => frameworksPass(ownDeps));
  for (const f of frameworks) f.area = manifestArea(splitCitation(f.evidence).path, area);
  for (const e of envVars) e.area = envArea(e.file, identity);
  for (const x of secrets.findings) x.area = envArea(x.file, identity);
  for (const x of securityFacts) x.area = envArea(x.file, identity);
  // an example app's or a test's config files are not the project's to configure
  // — unless one of the product's own scripts names it (`tsc -p tsconfig.spec.json` in `test`)
  const scripted = entryPoints
    .filter((e) => e.area === 'product' && (e.kind === 'npm-script' || e.kind === 'make-target'))
    .map((e) => e.command ?? '');
  const named = (p: string) =>
    scripted.some((cmd) =>
      new RegExp(`(?:^|[\\s=/'"])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[\\s'";&|])`).test(cmd),
    );
  config.files = config.files.filter((c) => !NOT_CONFIG_AREAS.has(areaOf(c.path, identity)) || named(c.path));
  const flow = await timed('flow', () =>
    flowPass({ src, files: lang.files, identity, routes, dependencies: ownDeps, dataModel }),
  );
  if (flow.mainPath?.length) identity.mainPath = flow.mainPath;
  // the files the main path runs through and those of its central types lead the key components
  // a web application's files by layer: the model tells its layers from them
  const layers = webLayers(src, identity);
  if (layers.size) {
    identity.layers = Object.fromEntries(layers);
    identity.dataAccess = dataAccessFiles(src, layers);
  }
  identity.keyComponents = centreFirst(src, identity, flow, layers);
  // the component figure draws the same files the ranking names
  // names the code writes, not its comments' or strings' words, link the files
  const languageOf = new Map(lang.files.map((f) => [f.path, f.language]));
  const central = centralFiles(identity, flow, routes);
  identity.components = componentLinks(
    central.paths,
    (p) => codeOnly(src, p, languageOf.get(p) ?? null),
    sym.symbols,
    sym.imports,
    identity.mainPath,
    central.ranked,
    new Set(
      (identity.mainPath ?? []).flatMap((s) => {
        const hub = s.reads && flow.abstractions?.find((t) => t.name === s.reads!.type);
        return hub ? [`${s.path}\0${hub.path}`] : [];
      }),
    ),
  );
  if (identity.components.unranked) identity.components.of = Object.keys(identity.centrality ?? {}).length;
  throwIfCancelled(ctx.signal);
  const git = await gitPromise;
  await ctx.onProgress('ai_code_analysis', 100);

  const bytes = workspace.files.reduce((n, f) => n + f.size, 0);
  const all: Analysis = {
    version: 1,
    generatedAt: ctx.now().toISOString(),
    project: {
      name: workspace.name,
      ...(manifestName ? { manifestName } : {}),
      files: workspace.files.length,
      bytes,
      lines: lang.totals,
    },
    files: lang.files,
    skipped: workspace.skipped.map((s) => ({ path: s.path, reason: s.reason })),
    languages: lang.languages,
    linesByRole: lang.byRole,
    tree,
    manifests: deps.manifests,
    dependencies: deps.dependencies,
    lockfiles: deps.lockfiles,
    packageManagers: deps.packageManagers,
    lockfileOptOuts: deps.lockfileOptOuts,
    packageRolesVersion: PACKAGE_ROLES_VERSION,
    identity,
    flow,
    frameworks,
    entryPoints,
    symbols: sym.symbols,
    symbolExtractors: sym.extractors,
    imports: sym.imports,
    moduleGraph,
    dataModel,
    sqlScripts,
    routes,
    envVars,
    // an example's or a benchmark's reads configure that side project, not the product
    systemProperties: properties.filter((p) => areaOf(p.file, identity) === 'product'),
    tests,
    ci,
    staticChecks,
    containers,
    license,
    docs,
    todos,
    git,
    secrets: secrets.findings,
    securityFacts,
    config,
    timings,
  };
  const { product, testOnly } = splitTestFindings(all, testData);
  const analysis: Analysis = { ...product, testOnly };
  // a secret may also sit in a TODO, a script command, a default value or a commit subject
  return scrubSecrets(analysis, secrets.raw);
}
