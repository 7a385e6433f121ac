import { describe, expect, it } from 'vitest';
import { dependenciesPass } from './dependencies.ts';
import { frameworksPass } from './frameworks.ts';
import { sourcesFromMap } from './sources.ts';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify(
    { name: 'mono', workspaces: ['packages/*'], devDependencies: { vitest: '4.1.0' } },
    null,
    2,
  ),
  'packages/api/package.json':
    '{\n  "name": "@x/api",\n  "version": "1.2.0",\n  "dependencies": {\n    "fastify": "^5.1.0",\n    "zod": "4.0.0"\n  },\n  "peerDependencies": {\n    "react": ">=18"\n  }\n}\n',
  'svc/requirements.txt':
    '# web\nflask==3.0.0\nrequests[security] >= 2.31 ; python_version > "3.8"\n-r base.txt\n',
  'svc/pyproject.toml':
    '[project]\nname = "svc"\ndependencies = [\n  "fastapi>=0.110",\n  "pydantic",\n]\n\n[project.optional-dependencies]\ndev = ["pytest>=8"]\n\n[tool.poetry.dependencies]\npython = "^3.11"\ndjango = { version = "^5.0", extras = ["argon2"] }\n',
  'go/go.mod':
    'module example.com/shop\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgolang.org/x/text v0.14.0 // indirect\n)\nrequire github.com/google/uuid v1.6.0\n',
  'rs/Cargo.toml':
    '[package]\nname = "tool"\nversion = "0.3.0"\n\n[dependencies]\nserde = { version = "1.0", features = ["derive"] }\naxum = "0.7"\n\n[dev-dependencies]\ninsta = "1"\n\n[dependencies.tokio]\nversion = "1.36"\n',
  'jvm/pom.xml':
    '<project>\n  <artifactId>shop</artifactId>\n  <version>2.0.0</version>\n  <properties><boot.version>3.2.0</boot.version></properties>\n  <dependencies>\n    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-web</artifactId>\n      <version>${boot.version}</version>\n    </dependency>\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>\n',
  'jvm/build.gradle.kts':
    'dependencies {\n    implementation("com.squareup.okhttp3:okhttp:4.12.0")\n    testImplementation("io.kotest:kotest-runner-junit5:5.8.0")\n}\n',
  'php/composer.json':
    '{\n  "name": "acme/site",\n  "require": {\n    "php": ">=8.1",\n    "laravel/framework": "^11.0"\n  }\n}\n',
  'rb/Gemfile': "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngroup :test do\n  gem 'rspec'\nend\n",
  'cs/Api.csproj':
    '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="Serilog" Version="3.1.1" />\n  </ItemGroup>\n</Project>\n',
  'manage.py': 'import django\n',
};

describe('dependenciesPass', () => {
  const { manifests, dependencies } = dependenciesPass(sourcesFromMap(FILES));
  const dep = (name: string) => dependencies.find((d) => d.name === name);

  it('reads every ecosystem with the declaring line', () => {
    expect(dep('fastify')).toMatchObject({
      ecosystem: 'npm',
      version: '^5.1.0',
      scope: 'runtime',
      manifest: 'packages/api/package.json',
      line: 5,
    });
    expect(dep('react')).toMatchObject({ scope: 'peer', line: 9 });
    expect(dep('vitest')).toMatchObject({ scope: 'dev' });
    expect(dep('flask')).toMatchObject({ ecosystem: 'pip', version: '==3.0.0', line: 2 });
    expect(dep('requests')).toMatchObject({ version: '>= 2.31', line: 3 });
    expect(dep('fastapi')).toMatchObject({ manifest: 'svc/pyproject.toml', line: 4, version: '>=0.110' });
    expect(dep('pydantic')).toMatchObject({ line: 5, version: '*' });
    expect(dep('pytest')).toMatchObject({ scope: 'dev', line: 9 });
    expect(dep('django')).toMatchObject({ version: '^5.0', line: 13 });
    expect(dep('python')).toBeUndefined();
    expect(dep('github.com/gin-gonic/gin')).toMatchObject({ ecosystem: 'go', version: 'v1.9.1', line: 6 });
    expect(dep('github.com/google/uuid')).toMatchObject({ line: 9 });
    expect(dep('serde')).toMatchObject({ ecosystem: 'cargo', version: '1.0', line: 6 });
    expect(dep('insta')).toMatchObject({ scope: 'dev', line: 10 });
    expect(dep('tokio')).toMatchObject({ version: '1.36', line: 12 });
    expect(dep('org.springframework.boot:spring-boot-starter-web')).toMatchObject({
      ecosystem: 'maven',
      version: '3.2.0',
      line: 8,
    });
    expect(dep('junit:junit')).toMatchObject({ scope: 'test' });
    expect(dep('com.squareup.okhttp3:okhttp')).toMatchObject({
      ecosystem: 'gradle',
      version: '4.12.0',
      line: 2,
    });
    expect(dep('io.kotest:kotest-runner-junit5')).toMatchObject({ scope: 'test', line: 3 });
    expect(dep('laravel/framework')).toMatchObject({ ecosystem: 'composer', line: 5 });
    expect(dep('php')).toBeUndefined();
    expect(dep('rails')).toMatchObject({ ecosystem: 'bundler', version: '~> 7.1', line: 2 });
    expect(dep('rspec')).toMatchObject({ scope: 'test', line: 4 });
    expect(dep('Serilog')).toMatchObject({ ecosystem: 'nuget', version: '3.1.1', line: 3 });
  });

  it('names the manifests', () => {
    expect(manifests.find((m) => m.path === 'packages/api/package.json')).toMatchObject({
      name: '@x/api',
      version: '1.2.0',
    });
    expect(manifests.find((m) => m.ecosystem === 'go')?.name).toBe('example.com/shop');
    expect(manifests.find((m) => m.ecosystem === 'cargo')).toMatchObject({ name: 'tool', version: '0.3.0' });
    expect(manifests.find((m) => m.ecosystem === 'maven')).toMatchObject({ name: 'shop', version: '2.0.0' });
  });

  it('derives frameworks from dependencies and files, citing the manifest line', () => {
    const fw = frameworksPass(sourcesFromMap(FILES), dependencies);
    const names = fw.map((f) => f.name);
    for (const n of [
      'Fastify',
      'React',
      'Flask',
      'FastAPI',
      'Django',
      'Gin',
      'Axum',
      'Spring Boot',
      'Laravel',
      'Ruby on Rails',
      'Vitest',
    ])
      expect(names).toContain(n);
    expect(fw.find((f) => f.name === 'Fastify')!.evidence).toBe('packages/api/package.json:5');
  });
});
