// The identity layer: what the project is (kind, purpose), which code is the product and what the
// rest is, where the product starts, what its users call, and which of its files matter most.

import { baseName } from '../sources.ts';
import type { Sources } from '../sources.ts';
import type { DataEntity, Dependency, FileInfo, Identity, ImportInfo, Route, SymbolInfo } from '../types.ts';
import { detectKind } from './kind.ts';
import type { GeneratedFile } from './generated.ts';
import { addReachable, areaOf, classifyLayout, isProductFile, roleOf, type Layout } from './layout.ts';
import { readManifestFacts } from './manifest-facts.ts';
import { findPurpose, isReadme } from './purpose.ts';
import { headerSummary, pageRank, referenceGraph, SCAN_CHARS } from './rank.ts';
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

/** Files reached from `starts` through resolved imports, shallowest first. */
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
  const startSet = new Set(starts);
  return [...seen].filter((p) => !startSet.has(p)).sort((a, b) => a.split('/').length - b.split('/').length);
}

export function identityPass(input: IdentityInput): IdentityResult {
  const { src, files, symbols, imports, routes } = input;
  const facts = readManifestFacts(src);
  const layout = classifyLayout(src, files, facts, input.skipped, input.generated);
  const code = files.filter((f) => f.language && !NON_CODE.has(f.language) && f.code > 0 && !f.duplicateOf);
  const productOf = () => code.filter((f) => isProductFile(f.path, layout)).map((f) => f.path);
  let productCode = productOf();

  const readmePath = src.files
    .map((f) => f.path)
    .filter(isReadme)
    .sort((a, b) => Number(/\.md$/i.test(b)) - Number(/\.md$/i.test(a)))[0];
  const readmeText = readmePath ? src.text(readmePath) : null;
  const purpose = findPurpose(
    readmePath && readmeText ? { path: readmePath, text: readmeText } : null,
    facts.description,
    facts.name,
  );

  const workspaceDirs = layout.productPaths.filter((d) => src.has(`${d}/package.json`));
  const entryPoints = findEntryPoints(src, facts, productCode, symbols, workspaceDirs);
  // what the entry points import ships with them, wherever it lives
  const codeSet = new Set(code.map((f) => f.path));
  addReachable(
    layout,
    reachable(
      entryPoints.map((e) => e.path),
      imports,
    ).filter((p) => codeSet.has(p)),
  );
  productCode = productOf();
  const productSet = new Set(productCode);
  const productRoutes = routes.filter((r) => productSet.has(r.file));
  let goMains = 0;
  let goLibraries = 0;
  let webApp = false;
  let parsesArgs = false;
  for (const p of productCode) {
    const text = (src.text(p) ?? '').slice(0, SCAN_CHARS);
    if (p.endsWith('.go')) {
      if (/^package\s+main\b/m.test(text)) goMains += /^func\s+main\s*\(/m.test(text) ? 1 : 0;
      else goLibraries++;
    }
    if (
      /^\s*(import\s+argparse|from\s+argparse\s+import|import\s+getopt|import\s+optparse)\b|^\s*"flag"\s*$|^import\s+"flag"|#include\s+<getopt\.h>/m.test(
        text,
      )
    )
      parsesArgs = true;
    if (
      /@SpringBootApplication\b|^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(|\bexpress\(\)|\bnew\s+(Koa|Hono)\(\)|\bfastify\(\s*[{)]|\bgin\.(Default|New)\(\)|\becho\.New\(\)/m.test(
        text,
      ) ||
      baseName(p) === 'manage.py'
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
      input.dataModel.some((d) => productSet.has(d.file)) ||
      input.dependencies.some((d) => d.scope === 'runtime' && DB_DEPS.test(d.name)),
    dependencies: input.dependencies,
    hasPythonPackage: productCode.some((p) => baseName(p) === '__init__.py'),
    hasLibRs: src.has('src/lib.rs') || !!facts.cargo?.lib,
    parsesArgs,
    scriptMains: entryPoints.filter((e) => e.how === 'main()' || e.how.startsWith('script (')).length,
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
  const keyComponents = [...ranks]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, KEY_COMPONENTS)
    .map(([path, rank]) => {
      const summary = headerSummary(src.text(path) ?? '');
      return { path, rank: Number(rank.toPrecision(4)), ...(summary ? { summary } : {}) };
    });

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
      fileRanks: Object.fromEntries([...ranks].map(([p, r]) => [p, Number(r.toPrecision(4))])),
    },
    ...(facts.name ? { manifestName: facts.name } : {}),
  };
}
