// Pass: frameworks and major tools, recognised from declared dependencies and tell-tale files.

import { baseName, type Sources } from './sources.ts';
import type { Dependency, Framework } from './types.ts';

type Cat = Framework['category'];
// dependency name (exact, any ecosystem) → framework
const BY_DEP: Record<string, [string, Cat]> = {
  react: ['React', 'frontend'],
  'react-dom': ['React', 'frontend'],
  vue: ['Vue', 'frontend'],
  svelte: ['Svelte', 'frontend'],
  '@angular/core': ['Angular', 'frontend'],
  'solid-js': ['Solid', 'frontend'],
  preact: ['Preact', 'frontend'],
  next: ['Next.js', 'web'],
  nuxt: ['Nuxt', 'web'],
  '@sveltejs/kit': ['SvelteKit', 'web'],
  '@remix-run/react': ['Remix', 'web'],
  astro: ['Astro', 'web'],
  'react-router': ['React Router', 'frontend'],
  'react-router-dom': ['React Router', 'frontend'],
  '@tanstack/react-query': ['TanStack Query', 'frontend'],
  tailwindcss: ['Tailwind CSS', 'frontend'],
  'react-native': ['React Native', 'mobile'],
  expo: ['Expo', 'mobile'],
  electron: ['Electron', 'other'],
  express: ['Express', 'web'],
  fastify: ['Fastify', 'web'],
  koa: ['Koa', 'web'],
  '@nestjs/core': ['NestJS', 'web'],
  hono: ['Hono', 'web'],
  '@hapi/hapi': ['hapi', 'web'],
  'socket.io': ['Socket.IO', 'web'],
  graphql: ['GraphQL', 'web'],
  '@apollo/server': ['Apollo Server', 'web'],
  prisma: ['Prisma', 'orm'],
  '@prisma/client': ['Prisma', 'orm'],
  'drizzle-orm': ['Drizzle', 'orm'],
  typeorm: ['TypeORM', 'orm'],
  sequelize: ['Sequelize', 'orm'],
  mongoose: ['Mongoose', 'orm'],
  knex: ['Knex', 'orm'],
  pg: ['node-postgres', 'data'],
  '@electric-sql/pglite': ['PGlite', 'data'],
  'pg-boss': ['pg-boss', 'data'],
  redis: ['Redis client', 'data'],
  ioredis: ['Redis client', 'data'],
  zod: ['Zod', 'other'],
  vitest: ['Vitest', 'test'],
  jest: ['Jest', 'test'],
  mocha: ['Mocha', 'test'],
  '@playwright/test': ['Playwright', 'test'],
  playwright: ['Playwright', 'test'],
  cypress: ['Cypress', 'test'],
  puppeteer: ['Puppeteer', 'test'],
  '@testing-library/react': ['Testing Library', 'test'],
  vite: ['Vite', 'build'],
  webpack: ['webpack', 'build'],
  esbuild: ['esbuild', 'build'],
  rollup: ['Rollup', 'build'],
  typescript: ['TypeScript', 'build'],
  turbo: ['Turborepo', 'build'],
  nx: ['Nx', 'build'],
  commander: ['Commander', 'cli'],
  yargs: ['yargs', 'cli'],
  // Python
  django: ['Django', 'web'],
  flask: ['Flask', 'web'],
  fastapi: ['FastAPI', 'web'],
  starlette: ['Starlette', 'web'],
  tornado: ['Tornado', 'web'],
  aiohttp: ['aiohttp', 'web'],
  sqlalchemy: ['SQLAlchemy', 'orm'],
  pydantic: ['Pydantic', 'other'],
  celery: ['Celery', 'data'],
  pytest: ['pytest', 'test'],
  numpy: ['NumPy', 'data'],
  pandas: ['pandas', 'data'],
  torch: ['PyTorch', 'data'],
  tensorflow: ['TensorFlow', 'data'],
  'scikit-learn': ['scikit-learn', 'data'],
  click: ['Click', 'cli'],
  typer: ['Typer', 'cli'],
  uvicorn: ['Uvicorn', 'web'],
  gunicorn: ['Gunicorn', 'web'],
  djangorestframework: ['Django REST framework', 'web'],
  // Go
  'github.com/gin-gonic/gin': ['Gin', 'web'],
  'github.com/labstack/echo/v4': ['Echo', 'web'],
  'github.com/gofiber/fiber/v2': ['Fiber', 'web'],
  'github.com/go-chi/chi/v5': ['chi', 'web'],
  'github.com/gorilla/mux': ['Gorilla mux', 'web'],
  'gorm.io/gorm': ['GORM', 'orm'],
  'github.com/spf13/cobra': ['Cobra', 'cli'],
  'github.com/stretchr/testify': ['testify', 'test'],
  // Rust
  actix_web: ['Actix Web', 'web'],
  'actix-web': ['Actix Web', 'web'],
  axum: ['Axum', 'web'],
  rocket: ['Rocket', 'web'],
  tokio: ['Tokio', 'other'],
  diesel: ['Diesel', 'orm'],
  sqlx: ['SQLx', 'orm'],
  serde: ['Serde', 'other'],
  clap: ['clap', 'cli'],
  // JVM
  'org.springframework.boot:spring-boot-starter-web': ['Spring Boot', 'web'],
  'org.springframework.boot:spring-boot-starter': ['Spring Boot', 'web'],
  'org.springframework.boot:spring-boot-starter-data-jpa': ['Spring Data JPA', 'orm'],
  'org.hibernate:hibernate-core': ['Hibernate', 'orm'],
  'junit:junit': ['JUnit', 'test'],
  'org.junit.jupiter:junit-jupiter': ['JUnit', 'test'],
  'org.junit.jupiter:junit-jupiter-api': ['JUnit', 'test'],
  'io.ktor:ktor-server-core': ['Ktor', 'web'],
  'io.quarkus:quarkus-core': ['Quarkus', 'web'],
  'io.micronaut:micronaut-runtime': ['Micronaut', 'web'],
  // PHP, Ruby, .NET
  'laravel/framework': ['Laravel', 'web'],
  'symfony/framework-bundle': ['Symfony', 'web'],
  'phpunit/phpunit': ['PHPUnit', 'test'],
  rails: ['Ruby on Rails', 'web'],
  sinatra: ['Sinatra', 'web'],
  rspec: ['RSpec', 'test'],
  'rspec-rails': ['RSpec', 'test'],
  'Microsoft.AspNetCore.App': ['ASP.NET Core', 'web'],
  'Microsoft.EntityFrameworkCore': ['Entity Framework Core', 'orm'],
  xunit: ['xUnit', 'test'],
  NUnit: ['NUnit', 'test'],
  'Swashbuckle.AspNetCore': ['Swagger (Swashbuckle)', 'web'],
};

// files whose presence shows a framework even without a manifest entry
const BY_FILE: [RegExp, string, Cat][] = [
  [/^manage\.py$/, 'Django', 'web'],
  [/^next\.config\.(js|mjs|ts)$/, 'Next.js', 'web'],
  [/^angular\.json$/, 'Angular', 'frontend'],
  [/^vite\.config\.(js|mjs|ts)$/, 'Vite', 'build'],
  [/^vitest\.config\.(js|mjs|ts)$/, 'Vitest', 'test'],
  [/^jest\.config\.(js|mjs|cjs|ts|json)$/, 'Jest', 'test'],
  [/^playwright\.config\.(js|ts)$/, 'Playwright', 'test'],
  [/^tailwind\.config\.(js|cjs|ts)$/, 'Tailwind CSS', 'frontend'],
  [/^pytest\.ini$|^conftest\.py$/, 'pytest', 'test'],
  [/^Program\.cs$/, '.NET', 'other'],
  [/^pubspec\.yaml$/, 'Flutter/Dart', 'mobile'],
  [/^AndroidManifest\.xml$/, 'Android', 'mobile'],
];

export function frameworksPass(src: Sources, deps: Dependency[]): Framework[] {
  const found = new Map<string, Framework>();
  for (const d of deps) {
    const key = d.name.replace(/^(github\.com\/[^/]+\/[^/]+)\/v\d+$/, '$1');
    const hit =
      BY_DEP[d.name] ??
      BY_DEP[key] ??
      (d.name.startsWith('org.springframework.boot:')
        ? (['Spring Boot', 'web'] as [string, Cat])
        : undefined);
    if (!hit || found.has(hit[0])) continue;
    found.set(hit[0], {
      name: hit[0],
      category: hit[1],
      evidence: d.line ? `${d.manifest}:${d.line}` : d.manifest,
      // '*' is a manifest that names no version (a Gradle plugin or a BOM sets it): say none
      ...(d.version && d.version !== '*' ? { version: d.version } : {}),
    });
  }
  for (const f of src.files) {
    const b = baseName(f.path);
    for (const [re, name, category] of BY_FILE) {
      if (re.test(b) && !found.has(name)) found.set(name, { name, category, evidence: f.path });
    }
  }
  return [...found.values()];
}
