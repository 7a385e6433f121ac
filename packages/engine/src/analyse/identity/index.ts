// The identity layer: what the project is (kind, purpose), which code is the product and what the
// rest is, where the product starts, what its users call, and which of its files matter most.

import { baseName } from '../sources.ts';
import type { Sources } from '../sources.ts';
import type {
  DataEntity,
  Dependency,
  FileInfo,
  Identity,
  ImportInfo,
  MainPathStep,
  Route,
  SideRole,
  SymbolInfo,
} from '../types.ts';
import { detectKind, isBinStub, libServesBinary } from './kind.ts';
import type { GeneratedFile } from './generated.ts';
import { addReachable, areaOf, classifyLayout, isProductFile, roleOf, type Layout } from './layout.ts';
import { readManifestFacts, type ManifestFacts } from './manifest-facts.ts';
import { findPurpose, projectReadme, readmeTitle } from './purpose.ts';
import { headerSummary, pageRank, referenceGraph, SCAN_CHARS, workLines, workWeight } from './rank.ts';
import { codeText } from '../comments.ts';
import { definitionsOf } from '../flow/definitions.ts';
import {
  centreOrder,
  layerOf,
  queriesStore,
  sideRole,
  sideWeight,
  useScore,
  usersOf,
  type Layer,
} from './centre.ts';
import { findEntryPoints, findPublicApi } from './surface.ts';

export { areaOf, roleOf, isProductFile, type Layout };

const NON_CODE = new Set([
  'Markdown',
  'JSON',
  'YAML',
  'Text',
  'TOML',
  'XML',
  'INI',
  'CSV',
  'SVG',
  'reStructuredText',
  'AsciiDoc',
  'HTML',
  'CSS',
  'Properties',
  'SQL',
]);
const KEY_COMPONENTS = 15;
/** Files, most central by use first, whose side roles the analysis keeps. */
const SIDE_ROLES_KEPT = 60;
/** Files that make a folder a package of its own. */
const MANIFESTS = [
  'package.json',
  'Cargo.toml',
  'go.mod',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'pom.xml',
  'build.gradle',
];
const DB_DEPS =
  /jpa|hibernate|jdbc|sqlalchemy|django|prisma|typeorm|sequelize|mongoose|drizzle|knex|gorm|diesel|sqlx|mysql|postgres|pg$|sqlite|mongodb|redis/i;

export interface IdentityInput {
  src: Sources;
  files: FileInfo[];
  dependencies: Dependency[];
  symbols: SymbolInfo[];
  imports: ImportInfo[];
  routes: Route[];
  dataModel: DataEntity[];
  /** Paths ingest skipped (binary, vendored…): they still tell what a folder holds. */
  skipped?: string[];
  /** Files among the sources that were compiled or copied rather than written (see generated.ts). */
  generated?: GeneratedFile[];
}

export interface IdentityResult {
  identity: Identity;
  manifestName?: string;
}

// code that builds a web application object: the framework's name is the first group that matched
const WEB_APP_FACTORY =
  /@(SpringBootApplication)\b|^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(|\b(express)\(\)|\bnew\s+(Koa|Hono)\(\)|\b(fastify)\(\s*[{)]|\b(gin)\.(?:Default|New)\(\)|\b(echo)\.New\(\)/gm;

/** The names the project publishes itself under: its manifest name and its Go module's last segment. */
export function projectNames(facts: Pick<ManifestFacts, 'name' | 'goModule' | 'npm'>): Set<string> {
  const names = [facts.name, facts.goModule?.split('/').pop(), facts.npm?.pkg.name];
  return new Set(names.filter((n): n is string => typeof n === 'string').map((n) => n.toLowerCase()));
}

/**
 * Whether code (comments blanked) builds a web application with a framework other than the project
 * itself: a framework's own sources, docs and convenience wrappers call its factory too.
 */
export function buildsWebApp(code: string, own: Set<string>): boolean {
  for (const m of code.matchAll(WEB_APP_FACTORY)) {
    const framework = m.slice(1).find((g) => g !== undefined)!;
    if (!own.has(framework.toLowerCase())) return true;
  }
  return false;
}

/** Files reached from `starts` through resolved imports, the starts included, shallowest first. */
function reachable(starts: string[], imports: ImportInfo[]): string[] {
  const next = new Map<string, string[]>();
  for (const i of imports) {
    if (!i.resolved) continue;
    const list = next.get(i.from) ?? [];
    list.push(i.resolved);
    next.set(i.from, list);
  }
  const seen = new Set(starts);
  const queue = [...starts];
  for (let at = 0; at < queue.length; at++) {
    for (const n of next.get(queue[at]!) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return [...seen].sort((a, b) => a.split('/').length - b.split('/').length);
}

export function identityPass(input: IdentityInput): IdentityResult {
  const { src, files, symbols, imports, routes } = input;
  const facts = readManifestFacts(src);
  const layout = classifyLayout(src, files, facts, input.skipped, input.generated, input.dependencies);
  const code = files.filter((f) => f.language && !NON_CODE.has(f.language) && f.code > 0 && !f.duplicateOf);
  const productOf = () => code.filter((f) => isProductFile(f.path, layout)).map((f) => f.path);
  let productCode = productOf();

  const readmePath = projectReadme(src);
  const readmeText = readmePath ? src.text(readmePath) : null;
  // without a manifest that names it (a Django site, a private package.json), the README's title does
  const projectName = facts.name ?? (readmeText ? readmeTitle(readmeText)?.text : undefined);
  const purpose = findPurpose(
    readmePath && readmeText ? { path: readmePath, text: readmeText } : null,
    facts.description,
    projectName,
  );

  const workspaceDirs = layout.productPaths.filter((d) => src.has(`${d}/package.json`));
  const entryPoints = findEntryPoints(
    src,
    facts,
    productCode,
    symbols,
    workspaceDirs,
    (p) => areaOf(p, layout) === 'product',
  );
  // the entry points and what they import ship, wherever they live
  const codeSet = new Set(code.map((f) => f.path));
  // a product file answering a route is entered by its framework, like an entry point
  const routeFiles = routes.map((r) => r.file).filter((p) => isProductFile(p, layout));
  addReachable(
    layout,
    reachable([...new Set([...entryPoints.map((e) => e.path), ...routeFiles])], imports).filter((p) =>
      codeSet.has(p),
    ),
    (dir) => MANIFESTS.some((m) => src.has(`${dir}/${m}`)),
  );
  productCode = productOf();
  const productSet = new Set(productCode);
  const productRoutes = routes.filter((r) => productSet.has(r.file));
  let goMains = 0;
  let goLibraries = 0;
  let webApp = false;
  const languageOf = new Map(files.map((f) => [f.path, f.language]));
  const ownNames = projectNames(facts);
  let parsesArgs = false;
  for (const p of productCode) {
    const text = (src.text(p) ?? '').slice(0, SCAN_CHARS);
    if (p.endsWith('.go')) {
      if (/^package\s+main\b/m.test(text)) goMains += /^func\s+main\s*\(/m.test(text) ? 1 : 0;
      else goLibraries++;
    }
    if (
      /^[ \t]*(import\s+argparse|from\s+argparse\s+import|import\s+getopt|import\s+optparse)\b|^[ \t]*"flag"[ \t]*$|^import\s+"flag"|#include\s+<getopt\.h>/m.test(
        text,
      )
    )
      parsesArgs = true;
    if (
      baseName(p) === 'manage.py' ||
      buildsWebApp(codeText(src, p, languageOf.get(p) ?? null) ?? '', ownNames)
    )
      webApp = true;
  }
  const { kind, kinds } = detectKind({
    facts,
    purpose: purpose?.text ?? '',
    goMains,
    goLibraries,
    springBoot: productCode.some(
      (p) => /\.(java|kt)$/.test(p) && /@SpringBootApplication\b/.test(src.text(p) ?? ''),
    ),
    webApp,
    productRoutes: productRoutes.length,
    database:
      input.dataModel.some((d) => d.store !== 'schema' && productSet.has(d.file)) ||
      input.dependencies.some((d) => d.scope === 'runtime' && DB_DEPS.test(d.name)),
    dependencies: input.dependencies,
    hasPythonPackage: productCode.some((p) => baseName(p) === '__init__.py'),
    hasLibRs: src.has('src/lib.rs') || !!facts.cargo?.lib,
    libForBinary: src.has('src/lib.rs') && libServesBinary(src.text('src/lib.rs') ?? ''),
    cargoBin:
      !!facts.cargo?.bins.length ||
      src.has('src/main.rs') ||
      src.files.some((f) => f.path.startsWith('src/bin/') && f.path.endsWith('.rs')),
    parsesArgs,
    binStubs: binStubs(src, facts.npm?.pkg?.bin),
    scriptMains: entryPoints.filter((e) => e.how === 'main()' || e.how.startsWith('script (')).length,
    productModules: [...(facts.maven?.modules ?? []), ...(facts.gradleProjects?.modules ?? [])].filter(
      (m) => roleOf(m, layout) === 'product',
    ),
  });
  const application = kind === 'application' || kinds.includes('application') || kind === 'web-application';
  const publicApi = findPublicApi({
    src,
    facts,
    entryPoints,
    productFiles: productCode,
    symbols,
    routes: productRoutes,
    application,
    cli: kind === 'cli' || kinds.includes('cli'),
  });

  // key components: the reference graph of the product's code, personalised by the entry points
  // declaration files describe code rather than being it, unless they are all there is
  const implementation = productCode.filter((p) => !/\.d\.[cm]?ts$/.test(p));
  const graph = referenceGraph(
    implementation.length ? implementation : productCode,
    (p) => src.text(p),
    symbols,
    imports,
  );
  // an application is also entered through its request handlers, which nothing in the code calls
  const seeds = [...entryPoints.map((e) => e.path), ...(application ? productRoutes.map((r) => r.file) : [])];
  const ranks = pageRank(graph, [...new Set(seeds)]);
  // centrality by use: how many files use a file and the rank their references earn, counted by how
  // much work the file does and by the role it plays
  const language = new Map(input.files.map((f) => [f.path, f.language]));
  const work = new Map(
    graph.nodes.map((p) => {
      const lang = language.get(p) ?? null;
      const code = codeText(src, p, lang);
      return [p, code === null ? undefined : workLines(code, lang, definitionsOf(src, p, code, lang))];
    }),
  );
  const roleContext = {
    productFiles: productCode,
    dependencies: input.dependencies.filter((d) => d.scope === 'runtime').map((d) => d.name),
    work: (p: string) => work.get(p),
  };
  const users = usersOf(graph);
  const roles = new Map(graph.nodes.map((p) => [p, sideRole(p, src.text(p) ?? '', roleContext)]));
  const central = new Map(
    [...ranks].map(([p, r]) => [
      p,
      useScore(users.get(p) ?? 0, r, workWeight(work.get(p)), sideWeight(roles.get(p))),
    ]),
  );
  // the roles of the files that could lead, kept to place the central types' files later
  const sideRoles: Record<string, SideRole> = {};
  for (const [p] of [...central].sort((a, b) => b[1] - a[1]).slice(0, SIDE_ROLES_KEPT)) {
    const role = roles.get(p);
    if (role) sideRoles[p] = role;
  }
  const keyComponents = [...central]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, KEY_COMPONENTS)
    .map(([path, rank]) => keyComponent(src, path, rank));

  return {
    identity: {
      kind,
      kinds,
      purpose,
      productPaths: layout.productPaths,
      nonProduct: layout.nonProduct,
      entryPoints,
      publicApi,
      keyComponents,
      ...(Object.keys(sideRoles).length ? { sideRoles } : {}),
      centrality: Object.fromEntries([...central].map(([p, r]) => [p, Number(r.toPrecision(4))])),
      fileRanks: Object.fromEntries([...ranks].map(([p, r]) => [p, Number(r.toPrecision(4))])),
    },
    ...(projectName ? { manifestName: projectName } : {}),
  };
}

type KeyComponent = Identity['keyComponents'][number];

function keyComponent(src: Sources, path: string, rank: number): KeyComponent {
  const summary = headerSummary(src.text(path) ?? '');
  return { path, rank: Number(rank.toPrecision(4)), ...(summary ? { summary } : {}) };
}

/** Whether the identity pass took the project for a web application, whose files fall into layers. */
function isWebApp(identity: Identity): boolean {
  return (
    identity.kind === 'web-application' ||
    identity.kind === 'application' ||
    identity.kinds.includes('web-application')
  );
}

/**
 * The layer of each ranked product file of a web application (controller, service, entity), by its
 * annotations, directives or conventional name; empty for any other project.
 */
/**
 * Of a web application's service-layer files, those that reach the data store themselves: by a
 * data-access name (`OwnerRepository`, `queries`), a repository annotation, or code that queries.
 */
export function dataAccessFiles(src: Sources, layers: Map<string, Layer>): string[] {
  const stem = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  return [...layers]
    .filter(([, l]) => l === 'service')
    .map(([p]) => p)
    .filter((p) => {
      const text = src.text(p) ?? '';
      return (
        DATA_ACCESS.test(stem(p)) ||
        /@Repository\b|\bextends\s+\w*Repository\b/.test(text) ||
        queriesStore(text)
      );
    })
    .sort();
}

// a file of data access by its name: `OwnerRepository`, `queries`, `UserDao`
const DATA_ACCESS = /(?:Repository|Dao|DAO)$|^(?:repositor(?:y|ies)|queries|dao)$/;

export function webLayers(src: Sources, identity: Identity): Map<string, Layer> {
  const layers = new Map<string, Layer>();
  if (!isWebApp(identity)) return layers;
  for (const p of Object.keys(identity.centrality ?? {})) {
    const layer = layerOf(p, src.text(p) ?? '');
    if (layer) layers.set(p, layer);
  }
  return layers;
}

/**
 * The key components once the main path is known: the files its steps run through lead, in the order
 * it meets them, then the files of the central types, then (in a web application) its controllers,
 * services and entities, then the rest by use. The ranking by use alone comes first because the
 * main path is traced over the files it puts first.
 */
export function centreFirst(
  src: Sources,
  identity: Identity,
  flow: { mainPath?: MainPathStep[]; abstractions: { path: string }[] },
  layers: Map<string, Layer> = webLayers(src, identity),
): KeyComponent[] {
  const score = new Map(Object.entries(identity.centrality ?? {}));
  const pathFiles = (flow.mainPath ?? []).filter((s) => !s.external && !s.derived).map((s) => s.path);
  // the file the README's example enters through (a framework's `new Hono()`, which picks its default
  // router) comes with the central types' files
  const entry = identity.entryPoints.find((e) => /README/.test(e.how))?.path;
  const typeFiles = [...(entry ? [entry] : []), ...flow.abstractions.map((t) => t.path)];
  const side = new Map(Object.entries(identity.sideRoles ?? {}));
  const known = new Map(identity.keyComponents.map((k) => [k.path, k]));
  return centreOrder({ score, pathFiles, typeFiles, side, layers })
    .slice(0, KEY_COMPONENTS)
    .map((p) => known.get(p) ?? keyComponent(src, p, score.get(p) ?? 0));
}

/** Every script an npm `bin` names is a stub that exits with an error (a removed command). */
function binStubs(src: Sources, bin: unknown): boolean {
  const targets = typeof bin === 'string' ? [bin] : bin && typeof bin === 'object' ? Object.values(bin) : [];
  const paths = targets.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^\.\//, ''));
  return paths.length > 0 && paths.every((p) => isBinStub(src.text(p) ?? ''));
}
