// Facts derived from the analysis that several roles need (test files, data-model files, auth
// libraries, secret-looking variables…), computed once per analysis and kept in a WeakMap.

import { isSecretName } from '../analyse/env-vars.ts';
import { isBenchPath, isFixturePath, isNonProductCode, isTestCode } from '../analyse/test-code.ts';
import type { Analysis, DataEntity, Dependency, FileInfo, SymbolInfo } from '../analyse/types.ts';

export interface Facts {
  fileByPath: Map<string, FileInfo>;
  sourceFiles: FileInfo[]; // files with a programming language, excluding tests
  testFiles: string[];
  totalLines: number;
  runtimeDeps: Dependency[];
  devDeps: Dependency[];
  /** Stored entities (tables, ORM models; entity schemas apart) and the files that declare them or migrate the database. */
  dataModel: {
    ormFrameworks: string[];
    schemaFiles: FileInfo[];
    tables: DataEntity[];
    schemas: DataEntity[];
  };
  authLibs: Dependency[];
  securityLibs: Dependency[];
  heavyDeps: Dependency[];
  looseDeps: Dependency[]; // "*", "latest", ranges without an upper bound
  secretEnvVars: string[];
  /** Variables the code reads (entries found in .env examples only document them). */
  codeEnvVars: Analysis['envVars'];
  lockfiles: string[];
  largestFiles: FileInfo[];
  exportedSymbols: SymbolInfo[];
  fanIn: { module: string; weight: number }[];
  fanOut: { module: string; weight: number }[];
  /** Folders of test and benchmark code (test/, e2e/, bench/…): described under testing, not as components. */
  testFolders: { path: string; kind: 'test' | 'bench'; files: number; lines: number }[];
  /** Source files the project's scripts start (`tsx src/server.ts` in apps/server/package.json). */
  launchers: { file: string; script: string; kind: string; path: string; line?: number }[];
}

// a script that runs one source file: `node dist/x.js`, `tsx watch src/server.ts`, `python -m`-less `python app.py`
const RUNS_FILE =
  /(?:^|[\s;&|])(?:node|tsx|ts-node|ts-node-dev|bun|nodemon|deno\s+run|python3?|go\s+run|ruby)\s+(?:(?:watch|run|--?[\w-]+(?:=\S+)?)\s+)*((?:\.\/)?[\w@./-]+\.(?:[cm]?[jt]sx?|py|go|rb))(?=\s|$|["'])/;

function launchersOf(a: Analysis, fileByPath: Map<string, FileInfo>): Facts['launchers'] {
  const out: Facts['launchers'] = [];
  const seen = new Set<string>();
  const rank = (name: string) =>
    ['start', 'serve', 'server', 'worker', 'main', 'cli', 'dev', 'web'].indexOf(name) >>> 0;
  const scripts = a.entryPoints
    .filter((e) => e.command && ['npm-script', 'procfile', 'make-target'].includes(e.kind))
    .sort((x, y) => rank(x.name) - rank(y.name));
  for (const e of scripts) {
    const m = RUNS_FILE.exec(e.command!);
    if (!m) continue;
    const dir = e.path.includes('/') ? e.path.slice(0, e.path.lastIndexOf('/') + 1) : '';
    const file = (dir + m[1]!.replace(/^\.\//, '')).replace(/\/\.\//g, '/');
    // a benchmark script runs against the product; it is not where the product starts
    if (!fileByPath.has(file) || isNonProductCode(file) || seen.has(file)) continue;
    seen.add(file);
    out.push({ file, script: e.name, kind: e.kind, path: e.path, line: e.line });
  }
  // a web app starts in the script its HTML page loads (Vite, webpack's HtmlWebpackPlugin template)
  for (const e of a.entryPoints.filter((x) => x.kind === 'html-script')) {
    if (!fileByPath.has(e.name) || isTestCode(e.name) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push({ file: e.name, script: e.path, kind: e.kind, path: e.path, line: e.line });
  }
  return out;
}

const FOLDER_OF = {
  test: /^(.*?(?:^|\/)(?:tests?|__tests__|spec|specs|e2e|integration-tests?))\//i,
  bench: /^(.*?(?:^|\/)(?:bench|benches|benchmarks?))\//i,
};

function testFoldersOf(a: Analysis): Facts['testFolders'] {
  const m = new Map<string, Facts['testFolders'][number]>();
  for (const f of a.files) {
    if (!f.language || NON_CODE_LANGUAGES.has(f.language) || isFixturePath(f.path)) continue;
    const kind = isBenchPath(f.path) ? 'bench' : isTestCode(f.path) ? 'test' : null;
    const dir = kind && FOLDER_OF[kind].exec(f.path)?.[1];
    if (!kind || !dir) continue;
    const e = m.get(dir) ?? { path: dir, kind, files: 0, lines: 0 };
    e.files++;
    e.lines += f.code;
    m.set(dir, e);
  }
  return [...m.values()].sort((x, y) => y.lines - x.lines || x.path.localeCompare(y.path));
}

export const NON_CODE_LANGUAGES = new Set([
  'Markdown',
  'JSON',
  'YAML',
  'Text',
  'TOML',
  'XML',
  'Maven',
  'INI',
  'CSV',
  'SVG',
  'reStructuredText',
  'AsciiDoc',
]);

/** Test code, test helpers or fixtures (see analyse/test-code.ts). */
export function isTestPath(path: string): boolean {
  return isTestCode(path);
}

const MIGRATION_FILE =
  /(^|\/)(migrations?|alembic)\/.+\.(sql|py|[jt]s)$|\.sql$|schema\.prisma$|(^|\/)schema\.(graphql|gql)$/i;
const ORM_NAMES =
  /^(prisma|@prisma\/client|typeorm|sequelize|mongoose|drizzle-orm|knex|objection|mikro-orm|@mikro-orm\/core|sqlalchemy|django|peewee|tortoise-orm|gorm\.io\/gorm|diesel|sqlx|hibernate-core|spring-boot-starter-data-jpa|entityframework|microsoft\.entityframeworkcore|activerecord|pg|mysql2?|sqlite3|better-sqlite3|psycopg2?(-binary)?|pymongo|redis|ioredis|mongodb)$/i;
const AUTH_NAMES =
  /^(jsonwebtoken|jose|passport(-[a-z-]+)?|bcrypt(js)?|argon2|@node-rs\/argon2|express-session|next-auth|@auth\/core|oauth|openid-client|pyjwt|python-jose|passlib|django-allauth|flask-login|authlib|golang-jwt\/jwt|spring-boot-starter-security|devise|@supabase\/auth-js|firebase-admin|keycloak-connect)$/i;
const SECURITY_NAMES =
  /^(helmet|@fastify\/helmet|cors|@fastify\/cors|csurf|express-rate-limit|@fastify\/rate-limit|rate-limiter-flexible|dompurify|sanitize-html|xss|validator|zod|joi|yup|ajv|django-cors-headers|bleach)$/i;
const HEAVY_NAMES =
  /^(moment|lodash|aws-sdk|puppeteer|playwright|@tensorflow\/tfjs(-node)?|tensorflow|torch|pandas|numpy|scipy|electron|typeorm|rxjs|three|chart\.js|d3|webpack|sharp|canvas|jsdom|pdfkit|googleapis|firebase)$/i;
const SECRET_VAR = /(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_?KEY|CREDENTIALS?|DATABASE_URL|DSN)/i;
const LOCKFILES =
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb|poetry\.lock|Pipfile\.lock|uv\.lock|Cargo\.lock|go\.sum|composer\.lock|Gemfile\.lock|packages\.lock\.json)$/;

const ENV_FILE = /(^|\/)(\.env(\.[\w-]+)?|[\w-]*\.env)$/;

export function lineCount(f: { code: number; comment: number; blank: number }): number {
  return f.code + f.comment + f.blank;
}

const cache = new WeakMap<Analysis, Facts>();

export function factsOf(a: Analysis): Facts {
  const hit = cache.get(a);
  if (hit) return hit;
  const fileByPath = new Map(a.files.map((f) => [f.path, f]));
  // fixtures are sample inputs of the tests: neither the product's source nor test files themselves
  const testFiles = [
    ...new Set([
      ...a.tests.files.map((t) => t.path),
      ...a.files
        .filter(
          (f) =>
            f.language && !NON_CODE_LANGUAGES.has(f.language) && isTestCode(f.path) && !isFixturePath(f.path),
        )
        .map((f) => f.path),
    ]),
  ].sort();
  const testSet = new Set([...testFiles, ...a.files.filter((f) => isTestCode(f.path)).map((f) => f.path)]);
  // a compiled stylesheet or a copied library is no source file of the team's
  const sourceFiles = a.files.filter(
    (f) =>
      f.language && !NON_CODE_LANGUAGES.has(f.language) && !testSet.has(f.path) && f.role !== 'generated',
  );
  // the data model is what the code stores: tables, ORM models, migrations and entity schemas;
  // an interface is not one unless it sits in such a file (a `Row` in a parser is not a table)
  const entities = (a.dataModel ?? []).filter((e) => !testSet.has(e.file));
  const tables = entities.filter((e) => e.kind !== 'zod' && e.kind !== 'pydantic');
  const schemas = entities.filter((e) => e.kind === 'zod' || e.kind === 'pydantic');
  const entityFiles = new Set(entities.map((e) => e.file));
  const schemaFiles = a.files.filter(
    (f) =>
      !testSet.has(f.path) &&
      (entityFiles.has(f.path) || (MIGRATION_FILE.test(f.path) && f.language !== 'Markdown')),
  );
  // a framework found through a dependency names it once: "Drizzle", not "Drizzle, drizzle-orm"
  const ormFw = a.frameworks.filter((f) => f.category === 'orm');
  const fwAt = new Set(a.frameworks.map((f) => f.evidence));
  const ormFrameworks = [
    ...new Set([
      ...ormFw.map((f) => f.name),
      ...a.dependencies
        .filter((d) => ORM_NAMES.test(d.name) && d.scope !== 'dev' && !fwAt.has(`${d.manifest}:${d.line}`))
        .map((d) => d.name),
    ]),
  ];
  const uniqDeps = (ds: Dependency[]) => {
    const seen = new Set<string>();
    return ds.filter((d) =>
      seen.has(d.ecosystem + d.name) ? false : (seen.add(d.ecosystem + d.name), true),
    );
  };
  const fan = (key: 'from' | 'to') => {
    const m = new Map<string, number>();
    for (const e of a.moduleGraph.edges) if (e.from !== e.to) m.set(e[key], (m.get(e[key]) ?? 0) + e.weight);
    return [...m.entries()]
      .map(([module, weight]) => ({ module, weight }))
      .sort((x, y) => y.weight - x.weight || x.module.localeCompare(y.module));
  };
  const facts: Facts = {
    fileByPath,
    sourceFiles,
    testFiles,
    totalLines: a.project.lines.code + a.project.lines.comment + a.project.lines.blank,
    runtimeDeps: a.dependencies.filter(
      (d) => d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional',
    ),
    devDeps: a.dependencies.filter((d) => d.scope === 'dev' || d.scope === 'test' || d.scope === 'build'),
    dataModel: { ormFrameworks, schemaFiles, tables, schemas },
    authLibs: uniqDeps(a.dependencies.filter((d) => AUTH_NAMES.test(d.name))),
    securityLibs: uniqDeps(a.dependencies.filter((d) => SECURITY_NAMES.test(d.name))),
    heavyDeps: uniqDeps(a.dependencies.filter((d) => HEAVY_NAMES.test(d.name) && d.scope !== 'dev')),
    looseDeps: a.dependencies.filter(
      (d) => /^(\*|latest|x|)$/i.test(d.version.trim()) || /^>=?[^<]*$/.test(d.version.trim()),
    ),
    codeEnvVars: a.envVars.filter((e) => !ENV_FILE.test(e.file)),
    secretEnvVars: [
      ...new Set(
        a.envVars
          .filter((e) => !ENV_FILE.test(e.file))
          .filter(
            (e) => /DATABASE_URL|DSN/i.test(e.name) || (SECRET_VAR.test(e.name) && isSecretName(e.name)),
          )
          .map((e) => e.name),
      ),
    ].sort(),
    // ingest skips lockfiles as generated, but one being committed is what matters here
    lockfiles: [...a.files.map((f) => f.path), ...a.skipped.map((f) => f.path)].filter((p) =>
      LOCKFILES.test(p),
    ),
    largestFiles: [...sourceFiles].sort((x, y) => y.code - x.code || x.path.localeCompare(y.path)),
    exportedSymbols: a.symbols.filter((s) => s.exported && !testSet.has(s.path)),
    fanIn: fan('to'),
    fanOut: fan('from'),
    launchers: launchersOf(a, fileByPath),
    testFolders: testFoldersOf(a),
  };
  cache.set(a, facts);
  return facts;
}
