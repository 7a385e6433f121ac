// What well-known packages are for (router, ORM, auth, validation…), per ecosystem. Frameworks and
// library roles come from this table only: a package's name says what it does, code patterns do not.
// Curated by hand; PACKAGE_ROLES_VERSION names the table's edition and goes into analysis.json, so
// a role can be traced to the table that gave it. Bump it whenever entries change.

import type { Dependency, Ecosystem, Framework, PackageRole } from './types.ts';

export const PACKAGE_ROLES_VERSION = '2026.11.29.1';

export interface PackageInfo {
  /** The name a reader knows it by: "Express", "SQLAlchemy", "clap". */
  display: string;
  role: PackageRole;
}

type Table = Record<string, [string, PackageRole]>;

const NPM: Table = {
  express: ['Express', 'web-framework'],
  fastify: ['Fastify', 'web-framework'],
  koa: ['Koa', 'web-framework'],
  hono: ['Hono', 'web-framework'],
  '@nestjs/core': ['NestJS', 'web-framework'],
  '@hapi/hapi': ['hapi', 'web-framework'],
  next: ['Next.js', 'web-framework'],
  nuxt: ['Nuxt', 'web-framework'],
  '@sveltejs/kit': ['SvelteKit', 'web-framework'],
  '@remix-run/react': ['Remix', 'web-framework'],
  astro: ['Astro', 'web-framework'],
  react: ['React', 'ui-framework'],
  'react-dom': ['React', 'ui-framework'],
  vue: ['Vue', 'ui-framework'],
  svelte: ['Svelte', 'ui-framework'],
  '@angular/core': ['Angular', 'ui-framework'],
  'solid-js': ['Solid', 'ui-framework'],
  preact: ['Preact', 'ui-framework'],
  'react-native': ['React Native', 'mobile'],
  expo: ['Expo', 'mobile'],
  electron: ['Electron', 'desktop'],
  'react-router': ['React Router', 'router'],
  'react-router-dom': ['React Router', 'router'],
  '@koa/router': ['koa-router', 'router'],
  'koa-router': ['koa-router', 'router'],
  '@tanstack/react-query': ['TanStack Query', 'api-layer'],
  graphql: ['GraphQL', 'api-layer'],
  '@apollo/server': ['Apollo Server', 'api-layer'],
  '@trpc/server': ['tRPC', 'api-layer'],
  'socket.io': ['Socket.IO', 'web-framework'],
  tailwindcss: ['Tailwind CSS', 'styling'],
  prisma: ['Prisma', 'orm'],
  '@prisma/client': ['Prisma', 'orm'],
  'drizzle-orm': ['Drizzle', 'orm'],
  typeorm: ['TypeORM', 'orm'],
  sequelize: ['Sequelize', 'orm'],
  mongoose: ['Mongoose', 'orm'],
  knex: ['Knex', 'orm'],
  '@mikro-orm/core': ['MikroORM', 'orm'],
  pg: ['node-postgres', 'database-client'],
  mysql2: ['MySQL2', 'database-client'],
  'better-sqlite3': ['better-sqlite3', 'database-client'],
  mongodb: ['MongoDB driver', 'database-client'],
  redis: ['Redis client', 'database-client'],
  ioredis: ['Redis client', 'database-client'],
  // Supabase's database is PostgreSQL, whatever else the platform adds
  '@supabase/supabase-js': ['Supabase (PostgreSQL)', 'database-client'],
  '@electric-sql/pglite': ['PGlite', 'database-client'],
  'pg-boss': ['pg-boss', 'task-queue'],
  bullmq: ['BullMQ', 'task-queue'],
  jsonwebtoken: ['jsonwebtoken', 'auth'],
  jose: ['jose', 'auth'],
  passport: ['Passport', 'auth'],
  bcrypt: ['bcrypt', 'auth'],
  bcryptjs: ['bcrypt.js', 'auth'],
  argon2: ['argon2', 'auth'],
  'express-session': ['express-session', 'auth'],
  'next-auth': ['NextAuth.js', 'auth'],
  '@auth/core': ['Auth.js', 'auth'],
  'openid-client': ['openid-client', 'auth'],
  '@supabase/ssr': ['Supabase Auth', 'auth'],
  '@supabase/auth-helpers-nextjs': ['Supabase Auth', 'auth'],
  '@clerk/nextjs': ['Clerk', 'auth'],
  'firebase-admin': ['Firebase Admin', 'auth'],
  helmet: ['helmet', 'security'],
  cors: ['cors', 'security'],
  csurf: ['csurf', 'security'],
  'express-rate-limit': ['express-rate-limit', 'security'],
  dompurify: ['DOMPurify', 'security'],
  'sanitize-html': ['sanitize-html', 'security'],
  zod: ['Zod', 'validation'],
  joi: ['Joi', 'validation'],
  yup: ['Yup', 'validation'],
  ajv: ['Ajv', 'validation'],
  valibot: ['Valibot', 'validation'],
  ejs: ['EJS', 'templating'],
  pug: ['Pug', 'templating'],
  handlebars: ['Handlebars', 'templating'],
  nunjucks: ['Nunjucks', 'templating'],
  axios: ['axios', 'http-client'],
  got: ['Got', 'http-client'],
  'node-fetch': ['node-fetch', 'http-client'],
  undici: ['undici', 'http-client'],
  ky: ['ky', 'http-client'],
  stripe: ['Stripe', 'payments'],
  '@stripe/stripe-js': ['Stripe', 'payments'],
  vitest: ['Vitest', 'test-runner'],
  jest: ['Jest', 'test-runner'],
  mocha: ['Mocha', 'test-runner'],
  ava: ['AVA', 'test-runner'],
  '@playwright/test': ['Playwright', 'test-runner'],
  cypress: ['Cypress', 'test-runner'],
  eslint: ['ESLint', 'linter'],
  prettier: ['Prettier', 'formatter'],
  '@biomejs/biome': ['Biome', 'linter'],
  gulp: ['gulp', 'task-runner'],
  grunt: ['Grunt', 'task-runner'],
  commander: ['Commander', 'cli-parsing'],
  yargs: ['yargs', 'cli-parsing'],
  pino: ['pino', 'logging'],
  winston: ['winston', 'logging'],
  vite: ['Vite', 'build-tool'],
  webpack: ['webpack', 'build-tool'],
  esbuild: ['esbuild', 'build-tool'],
  rollup: ['Rollup', 'build-tool'],
  // tsc checks the types; a framework's own compiler (SWC, esbuild) usually builds the code
  typescript: ['TypeScript', 'type-checker'],
  turbo: ['Turborepo', 'build-tool'],
  nx: ['Nx', 'build-tool'],
};

// PyPI names as PEP 503 normalises them: lower case, runs of `-_.` as one `-`
const PYPI: Table = {
  django: ['Django', 'web-framework'],
  flask: ['Flask', 'web-framework'],
  fastapi: ['FastAPI', 'web-framework'],
  starlette: ['Starlette', 'web-framework'],
  // WSGI's request, response and routing toolkit, what Flask is built on, as Rack is Ruby's
  werkzeug: ['Werkzeug', 'web-interface'],
  tornado: ['Tornado', 'web-framework'],
  aiohttp: ['aiohttp', 'web-framework'],
  sanic: ['Sanic', 'web-framework'],
  pyramid: ['Pyramid', 'web-framework'],
  djangorestframework: ['Django REST framework', 'api-layer'],
  graphene: ['Graphene', 'api-layer'],
  strawberry_graphql: ['Strawberry', 'api-layer'],
  uvicorn: ['Uvicorn', 'app-server'],
  gunicorn: ['Gunicorn', 'app-server'],
  uwsgi: ['uWSGI', 'app-server'],
  sqlalchemy: ['SQLAlchemy', 'orm'],
  peewee: ['peewee', 'orm'],
  'tortoise-orm': ['Tortoise ORM', 'orm'],
  sqlmodel: ['SQLModel', 'orm'],
  psycopg: ['psycopg', 'database-client'],
  psycopg2: ['psycopg2', 'database-client'],
  'psycopg2-binary': ['psycopg2', 'database-client'],
  mysqlclient: ['mysqlclient', 'database-client'],
  pymongo: ['PyMongo', 'database-client'],
  redis: ['Redis client', 'database-client'],
  celery: ['Celery', 'task-queue'],
  rq: ['RQ', 'task-queue'],
  pyjwt: ['PyJWT', 'auth'],
  'python-jose': ['python-jose', 'auth'],
  passlib: ['passlib', 'auth'],
  authlib: ['Authlib', 'auth'],
  'django-allauth': ['django-allauth', 'auth'],
  'flask-login': ['Flask-Login', 'auth'],
  fido2: ['python-fido2', 'auth'],
  pyotp: ['PyOTP', 'auth'],
  'django-cors-headers': ['django-cors-headers', 'security'],
  bleach: ['bleach', 'security'],
  pydantic: ['Pydantic', 'validation'],
  marshmallow: ['marshmallow', 'serialization'],
  jinja2: ['Jinja', 'templating'],
  mako: ['Mako', 'templating'],
  requests: ['Requests', 'http-client'],
  httpx: ['HTTPX', 'http-client'],
  urllib3: ['urllib3', 'http-client'],
  pycurl: ['PycURL', 'http-client'],
  stripe: ['Stripe', 'payments'],
  pytest: ['pytest', 'test-runner'],
  tox: ['tox', 'task-runner'],
  nox: ['nox', 'task-runner'],
  invoke: ['Invoke', 'task-runner'],
  ruff: ['Ruff', 'linter'],
  mypy: ['mypy', 'type-checker'],
  pyright: ['Pyright', 'type-checker'],
  black: ['Black', 'formatter'],
  flake8: ['Flake8', 'linter'],
  pylint: ['Pylint', 'linter'],
  click: ['Click', 'cli-parsing'],
  typer: ['Typer', 'cli-parsing'],
  structlog: ['structlog', 'logging'],
  loguru: ['Loguru', 'logging'],
  numpy: ['NumPy', 'data-science'],
  pandas: ['pandas', 'data-science'],
  torch: ['PyTorch', 'data-science'],
  tensorflow: ['TensorFlow', 'data-science'],
  'scikit-learn': ['scikit-learn', 'data-science'],
};

// crates.io names with `_` read as `-` (Cargo treats them as the same crate)
const CRATES: Table = {
  'actix-web': ['Actix Web', 'web-framework'],
  axum: ['Axum', 'web-framework'],
  rocket: ['Rocket', 'web-framework'],
  warp: ['warp', 'web-framework'],
  tokio: ['Tokio', 'async-runtime'],
  'async-std': ['async-std', 'async-runtime'],
  diesel: ['Diesel', 'orm'],
  'sea-orm': ['SeaORM', 'orm'],
  sqlx: ['SQLx', 'database-client'],
  rusqlite: ['rusqlite', 'database-client'],
  serde: ['Serde', 'serialization'],
  clap: ['clap', 'cli-parsing'],
  reqwest: ['reqwest', 'http-client'],
  hyper: ['hyper', 'http-library'],
  tracing: ['tracing', 'logging'],
  log: ['log', 'logging'],
  jsonwebtoken: ['jsonwebtoken', 'auth'],
  askama: ['Askama', 'templating'],
  tera: ['Tera', 'templating'],
  tauri: ['Tauri', 'desktop'],
};

// Go module paths without their `/vN` major-version suffix
const GO: Table = {
  'github.com/gin-gonic/gin': ['Gin', 'web-framework'],
  'github.com/labstack/echo': ['Echo', 'web-framework'],
  'github.com/gofiber/fiber': ['Fiber', 'web-framework'],
  'github.com/go-chi/chi': ['chi', 'router'],
  'github.com/gorilla/mux': ['Gorilla mux', 'router'],
  'github.com/julienschmidt/httprouter': ['httprouter', 'router'],
  'gorm.io/gorm': ['GORM', 'orm'],
  'github.com/jackc/pgx': ['pgx', 'database-client'],
  'github.com/jmoiron/sqlx': ['sqlx', 'database-client'],
  'github.com/spf13/cobra': ['Cobra', 'cli-parsing'],
  'github.com/urfave/cli': ['urfave/cli', 'cli-parsing'],
  'github.com/spf13/pflag': ['pflag', 'cli-parsing'],
  'github.com/stretchr/testify': ['testify', 'test-runner'],
  'github.com/onsi/ginkgo': ['Ginkgo', 'test-runner'],
  'go.uber.org/zap': ['zap', 'logging'],
  'github.com/sirupsen/logrus': ['logrus', 'logging'],
  'github.com/golang-jwt/jwt': ['golang-jwt', 'auth'],
  'google.golang.org/grpc': ['gRPC', 'api-layer'],
  'gopkg.in/yaml': ['go-yaml', 'serialization'],
};

// Maven and Gradle coordinates, group:artifact
const MAVEN: Table = {
  // the web starters bring the web layer that serves the routes; Spring Boot comes with any starter
  'org.springframework.boot:spring-boot-starter-web': ['Spring MVC', 'web-framework'],
  'org.springframework.boot:spring-boot-starter-webmvc': ['Spring MVC', 'web-framework'],
  'org.springframework:spring-webmvc': ['Spring MVC', 'web-framework'],
  'org.springframework.boot:spring-boot-starter-webflux': ['Spring WebFlux', 'web-framework'],
  'org.springframework:spring-webflux': ['Spring WebFlux', 'web-framework'],
  'org.springframework.boot:spring-boot-starter-data-jpa': ['Spring Data JPA', 'orm'],
  'org.springframework.boot:spring-boot-starter-security': ['Spring Security', 'auth'],
  'org.springframework.boot:spring-boot-starter-thymeleaf': ['Thymeleaf', 'templating'],
  'org.springframework.boot:spring-boot-starter-validation': ['Bean Validation', 'validation'],
  'org.springframework.boot:spring-boot-starter-test': ['Spring Boot Test', 'test-runner'],
  'org.hibernate:hibernate-core': ['Hibernate', 'orm'],
  'org.hibernate.orm:hibernate-core': ['Hibernate', 'orm'],
  'junit:junit': ['JUnit', 'test-runner'],
  'org.junit.jupiter:junit-jupiter': ['JUnit', 'test-runner'],
  'org.junit.jupiter:junit-jupiter-api': ['JUnit', 'test-runner'],
  'io.ktor:ktor-server-core': ['Ktor', 'web-framework'],
  'io.quarkus:quarkus-core': ['Quarkus', 'web-framework'],
  'io.micronaut:micronaut-runtime': ['Micronaut', 'web-framework'],
  'com.squareup.okhttp3:okhttp': ['OkHttp', 'http-client'],
  'com.fasterxml.jackson.core:jackson-databind': ['Jackson', 'serialization'],
  'info.picocli:picocli': ['picocli', 'cli-parsing'],
  'org.slf4j:slf4j-api': ['SLF4J', 'logging'],
};

const COMPOSER: Table = {
  'laravel/framework': ['Laravel', 'web-framework'],
  'symfony/framework-bundle': ['Symfony', 'web-framework'],
  'slim/slim': ['Slim', 'web-framework'],
  'doctrine/orm': ['Doctrine ORM', 'orm'],
  'twig/twig': ['Twig', 'templating'],
  'guzzlehttp/guzzle': ['Guzzle', 'http-client'],
  'phpunit/phpunit': ['PHPUnit', 'test-runner'],
  'monolog/monolog': ['Monolog', 'logging'],
};

const RUBYGEMS: Table = {
  rails: ['Ruby on Rails', 'web-framework'],
  sinatra: ['Sinatra', 'web-framework'],
  // the interface between Ruby web servers and the applications and frameworks they run
  rack: ['Rack', 'web-interface'],
  'rack-protection': ['Rack::Protection', 'security'],
  mustermann: ['Mustermann', 'router'],
  tilt: ['Tilt', 'templating'],
  activerecord: ['Active Record', 'orm'],
  sequel: ['Sequel', 'orm'],
  devise: ['Devise', 'auth'],
  rspec: ['RSpec', 'test-runner'],
  'rspec-rails': ['RSpec', 'test-runner'],
  sidekiq: ['Sidekiq', 'task-queue'],
  puma: ['Puma', 'app-server'],
  faraday: ['Faraday', 'http-client'],
};

const NUGET: Table = {
  'microsoft.aspnetcore.app': ['ASP.NET Core', 'web-framework'],
  'microsoft.entityframeworkcore': ['Entity Framework Core', 'orm'],
  xunit: ['xUnit', 'test-runner'],
  nunit: ['NUnit', 'test-runner'],
  serilog: ['Serilog', 'logging'],
  'newtonsoft.json': ['Json.NET', 'serialization'],
  'swashbuckle.aspnetcore': ['Swagger (Swashbuckle)', 'api-layer'],
};

const TABLES: Record<Ecosystem, Table> = {
  npm: NPM,
  pip: PYPI,
  cargo: CRATES,
  go: GO,
  maven: MAVEN,
  gradle: MAVEN,
  composer: COMPOSER,
  bundler: RUBYGEMS,
  nuget: NUGET,
};

/** The name as the ecosystem's registry compares it (PyPI and NuGet ignore case, Cargo `_`/`-`…). */
export function registryName(ecosystem: Ecosystem, name: string): string {
  switch (ecosystem) {
    case 'pip':
      return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'cargo':
      return name.replace(/_/g, '-');
    case 'go':
      return name.replace(/\/v\d+$/, '');
    case 'nuget':
      return name.toLowerCase();
    default:
      return name;
  }
}

// PyPI distributions whose import name is not their own (the rest import as the name with `_`)
const PYPI_MODULES: Record<string, string> = {
  pyjwt: 'jwt',
  pyyaml: 'yaml',
  'psycopg2-binary': 'psycopg2',
  'python-jose': 'jose',
  'django-cors-headers': 'corsheaders',
  djangorestframework: 'rest_framework',
  'django-allauth': 'allauth',
  'scikit-learn': 'sklearn',
  mysqlclient: 'MySQLdb',
  'flask-login': 'flask_login',
  'strawberry-graphql': 'strawberry',
  beautifulsoup4: 'bs4',
  pillow: 'PIL',
  'python-dateutil': 'dateutil',
};

/**
 * The top-level name code imports a package by (`jwt` for PyJWT, `serde_json` for serde-json);
 * undefined where imports name something else (Java packages, .NET namespaces).
 */
export function importName(d: Pick<Dependency, 'ecosystem' | 'name'>): string | undefined {
  const key = registryName(d.ecosystem, d.name);
  switch (d.ecosystem) {
    case 'npm':
    case 'go':
      return key;
    case 'pip':
      return PYPI_MODULES[key] ?? key.replace(/-/g, '_');
    case 'cargo':
      return key.replace(/-/g, '_');
    default:
      return undefined;
  }
}

/** Whether an import specifier (`jwt.algorithms`, `next/link`, `serde::Deserialize`) names the package. */
export function importsPackage(specifier: string, d: Pick<Dependency, 'ecosystem' | 'name'>): boolean {
  const name = importName(d);
  if (!name) return false;
  const rest = specifier.startsWith(name) ? specifier.slice(name.length) : undefined;
  return rest !== undefined && (rest === '' || /^[./:]/.test(rest));
}

/** What a package is for, from the table; undefined for packages it does not know. */
export function packageInfo(d: Pick<Dependency, 'ecosystem' | 'name'>): PackageInfo | undefined {
  const key = registryName(d.ecosystem, d.name);
  const hit = TABLES[d.ecosystem][key] ?? (d.ecosystem === 'pip' ? PYPI[key.replace(/-/g, '_')] : undefined);
  if (hit) return { display: hit[0], role: hit[1] };
  // every Spring Boot starter brings Spring Boot itself
  if ((d.ecosystem === 'maven' || d.ecosystem === 'gradle') && key.startsWith('org.springframework.boot:'))
    return { display: 'Spring Boot', role: 'web-framework' };
  return undefined;
}

/** Roles a package only plays while the project is developed, tested or built: never what it runs on. */
const TOOLING_ROLES = new Set<PackageRole>([
  'test-runner',
  'build-tool',
  'linter',
  'formatter',
  'type-checker',
  'task-runner',
]);

export function isToolingRole(role: PackageRole | undefined): boolean {
  return !!role && TOOLING_ROLES.has(role);
}

/**
 * The role a declared dependency plays for the project: runtime roles only for what ships
 * (runtime, peer, optional scopes); a development dependency only as a test or build tool.
 */
export function dependencyRole(d: Dependency): PackageRole | undefined {
  const info = packageInfo(d);
  if (!info) return undefined;
  const shipped = d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional';
  return shipped || TOOLING_ROLES.has(info.role) ? info.role : undefined;
}

const CATEGORY: Record<PackageRole, Framework['category']> = {
  'web-framework': 'web',
  'ui-framework': 'frontend',
  router: 'web',
  orm: 'orm',
  'database-client': 'data',
  auth: 'other',
  security: 'other',
  validation: 'other',
  templating: 'web',
  'http-client': 'other',
  'http-library': 'web',
  'test-runner': 'test',
  linter: 'build',
  formatter: 'build',
  'type-checker': 'build',
  'task-runner': 'build',
  'cli-parsing': 'cli',
  logging: 'other',
  serialization: 'other',
  'async-runtime': 'other',
  'task-queue': 'data',
  payments: 'other',
  'build-tool': 'build',
  'app-server': 'web',
  'web-interface': 'web',
  'data-science': 'data',
  mobile: 'mobile',
  desktop: 'other',
  styling: 'frontend',
  'api-layer': 'web',
};

/**
 * How much of the product's runtime a role shapes, most first: the web framework, then the interface
 * it runs on (Rack), then the rest (a router, templating). For ordering frameworks of one category.
 */
export function shapeRank(role: PackageRole | undefined): number {
  return role === 'web-framework' ? 0 : role === 'web-interface' ? 1 : 2;
}

/** The report's framework category of a role. */
export function categoryOf(role: PackageRole): Framework['category'] {
  return CATEGORY[role];
}
