// Environment variables as the code means them: fallbacks, wrappers, settings classes, and who sets each.
import { describe, expect, it } from 'vitest';
import { envDocsPass } from './docs.ts';
import { envClass } from './env-class.ts';
import { envVarsPass, isSecretName } from './env-vars.ts';
import { languagesPass } from './languages.ts';
import { secretsPass } from './secrets.ts';
import { sourcesFromMap } from './sources.ts';

const read = (files: Record<string, string>) => {
  const src = sourcesFromMap(files);
  return envVarsPass(src, languagesPass(src).files);
};
const one = (vars: ReturnType<typeof read>, name: string) => vars.find((v) => v.name === name);

describe('defaults where the code falls back', () => {
  it('JavaScript: ||, ??, a conversion call and destructuring', () => {
    const vars = read({
      'src/a.ts': [
        'const port = process.env.PORT || 3000;',
        "const mode = process.env.MODE ?? 'dev';",
        'const n = Number(process.env.WORKERS) || 4;',
        "const { HOST = 'localhost', NAME } = process.env;",
        'const url = process.env.URL;',
      ].join('\n'),
    });
    expect(one(vars, 'PORT')).toMatchObject({ line: 1, defaultValue: '3000', hasDefault: true });
    expect(one(vars, 'MODE')).toMatchObject({ defaultValue: 'dev' });
    expect(one(vars, 'WORKERS')).toMatchObject({ defaultValue: '4' });
    expect(one(vars, 'HOST')).toMatchObject({ line: 4, defaultValue: 'localhost' });
    expect(one(vars, 'NAME')!.hasDefault).toBeUndefined();
    expect(one(vars, 'URL')!.hasDefault).toBeUndefined();
  });

  it('JavaScript: a switch is no default: a ternary that does not use the value, or `||` inside a condition', () => {
    const vars = read({
      'src/a.ts': [
        'const id = process.env.USE_UUIDV7 ? v7() : v4();',
        'const port = process.env.PORT ? Number(process.env.PORT) : 3000;',
        'if (process.env.DISABLE_LOGIN || process.env.CLOUD_MODE) {',
        '  redirect();',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'USE_UUIDV7')!.hasDefault).toBeUndefined();
    expect(one(vars, 'PORT')).toMatchObject({ defaultValue: '3000' });
    expect(one(vars, 'DISABLE_LOGIN')!.hasDefault).toBeUndefined();
    expect(one(vars, 'DISABLE_LOGIN')!.fallbackVars).toBeUndefined();
  });

  it('Ruby: a ternary that uses the value falls back to its alternate, past a predicate method', () => {
    const vars = read({
      'lib/base.rb':
        "set :port, Integer(ENV['PORT'] && !ENV['PORT'].empty? ? ENV['PORT'] : 4567)\nset :env, (ENV['APP_ENV'] || :development).to_sym\nENV['RACK_ENV'] = val\n",
    });
    for (const v of vars.filter((x) => x.name === 'PORT')) expect(v).toMatchObject({ defaultValue: '4567' });
    expect(one(vars, 'APP_ENV')).toMatchObject({ defaultValue: ':development' });
    // an assignment sets the variable for the processes the program starts: it reads nothing
    expect(one(vars, 'RACK_ENV')).toBeUndefined();
  });

  it('JavaScript: optional chaining and `import.meta.env` are reads, with the same defaults', () => {
    const vars = read({
      'src/a.ts': [
        "const on = enabled ?? import.meta.env?.MODE !== 'production';",
        "const base = import.meta.env['BASE_URL'] ?? '/';",
        'const port = process?.env?.PORT || 3000;',
        "const host = process.env?.['HOST'] ?? 'localhost';",
        "const api = import.meta.env?.API ?? import.meta.env.VITE_API ?? 'http://x';",
        "const dev = 'DEV' in import.meta.env;",
      ].join('\n'),
    });
    expect(one(vars, 'MODE')).toMatchObject({ line: 1, class: 'config' });
    expect(one(vars, 'MODE')!.hasDefault).toBeUndefined();
    expect(one(vars, 'BASE_URL')).toMatchObject({ line: 2, defaultValue: '/' });
    expect(one(vars, 'PORT')).toMatchObject({ line: 3, defaultValue: '3000' });
    expect(one(vars, 'HOST')).toMatchObject({ line: 4, defaultValue: 'localhost' });
    expect(one(vars, 'API')).toMatchObject({ fallbackVars: ['VITE_API'], defaultValue: 'http://x' });
    expect(one(vars, 'DEV')).toMatchObject({ line: 6, presence: true });
  });

  it('a bundler config’s replace or define map rewrites the product’s reads; the build reads none', () => {
    const vars = read({
      'rollup.config.mjs': [
        'replace({',
        "  'import.meta.env?.MODE': 'process.env.NODE_ENV',",
        "  'import.meta.env?.LEVEL': '(import.meta.env ? import.meta.env.LEVEL : undefined)',",
        '})',
        "const out = process.env.OUT_DIR ?? 'dist';",
        'const banner = `built for ${process.env.TARGET}`;',
      ].join('\n'),
      'vite.config.ts': "define: { 'process.env.NODE_ENV': JSON.stringify(process.env.BUILD_MODE) }",
    });
    expect(vars.filter((v) => /config/.test(v.file)).map((v) => [v.name, v.line])).toEqual([
      ['OUT_DIR', 5],
      ['TARGET', 6],
      ['BUILD_MODE', 1],
    ]);
  });

  it('JavaScript: a `||` between tests joins conditions; no default', () => {
    const vars = read({
      'lib/color.js': [
        'function useColor() {',
        '  if (',
        '    process.env.NO_COLOR ||',
        "    process.env.FORCE_COLOR === '0' ||",
        "    process.env.FORCE_COLOR === 'false'",
        '  )',
        '    return false;',
        '  if (process.env.FORCE_COLOR || process.env.CLICOLOR_FORCE !== undefined) return true;',
        '  if (process.env.QUIET || !process.stdout.isTTY) return false;',
        '  return process.env.TERM || process.env.COLORTERM || "dumb";',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'NO_COLOR')!.hasDefault).toBeUndefined();
    expect(one(vars, 'FORCE_COLOR')!.hasDefault).toBeUndefined();
    expect(one(vars, 'QUIET')!.hasDefault).toBeUndefined();
    expect(one(vars, 'TERM')).toMatchObject({ defaultValue: 'dumb' });
  });

  it('Python: os.getenv(k, d), os.environ.get(k, default=d), and a computed default', () => {
    const vars = read({
      'app/settings.py': [
        'import os',
        'A = os.getenv("A", "x")',
        'B = os.environ.get("B", default="")',
        'C = os.getenv("C", BASE_DIR / "db.sqlite")',
        'D = os.environ["D"]',
      ].join('\n'),
    });
    expect(one(vars, 'A')).toMatchObject({ defaultValue: 'x' });
    expect(one(vars, 'B')).toMatchObject({ defaultValue: '', hasDefault: true });
    expect(one(vars, 'C')).toMatchObject({ defaultValue: 'BASE_DIR / "db.sqlite"' });
    expect(one(vars, 'D')!.hasDefault).toBeUndefined();
  });

  it('Python: getenv and environ imported from os read the same way', () => {
    const vars = read({
      'app/rich.py': [
        'from os import environ, getenv',
        'WIDTH = getenv("TERMINAL_WIDTH")',
        'COLOR = getenv("FORCE_COLOR", "auto")',
        'HOME = environ["APP_HOME"]',
        'x = self.getenv("NOT_ENV")',
      ].join('\n'),
      // without the import, a function of the project's own called getenv is no read
      'app/other.py': 'def getenv(k): return k\nY = getenv("OWN")\n',
    });
    expect(vars.map((v) => v.name).sort()).toEqual(['APP_HOME', 'FORCE_COLOR', 'TERMINAL_WIDTH']);
    expect(one(vars, 'FORCE_COLOR')).toMatchObject({ defaultValue: 'auto' });
  });

  it('Rust: a read passed up with `?` is optional when every caller goes on without the result', () => {
    const vars = read({
      'src/filter.rs': [
        'pub struct Filter;',
        '',
        'impl Filter {',
        '    pub fn new() -> Result<Filter> {',
        '        let spec = env::var("FILTER_SPEC")?;',
        '        Ok(Filter)',
        '    }',
        '}',
        '',
        'pub fn token() -> Result<String> {',
        '    let t = env::var("API_TOKEN")?;',
        '    Ok(t)',
        '}',
      ].join('\n'),
      'src/main.rs': [
        'fn main() -> Result<()> {',
        '    let filter = Filter::new().ok();',
        '    let token = token()?;',
        '    Ok(())',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'FILTER_SPEC')?.required).toBeUndefined();
    // passed up again by its caller, the error ends the program: still required
    expect(one(vars, 'API_TOKEN')?.required).toBe(true);
  });

  it('Go: the value returned when a variable read in an if-statement is empty is its default', () => {
    const vars = read({
      'utils.go': [
        'package web',
        '',
        'func resolveAddress() string {',
        '\tif port := os.Getenv("PORT"); port != "" {',
        '\t\tdebugPrint("PORT=%s", port)',
        '\t\treturn ":" + port',
        '\t}',
        '\tdebugPrint("PORT is undefined")',
        '\treturn ":8080"',
        '}',
        '',
        'func token() string {',
        '\tif t := os.Getenv("TOKEN"); t != "" {',
        '\t\tuse(t)',
        '\t}',
        '\treturn ""',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'PORT')?.defaultValue).toBe(':8080');
    // a block that does not return leaves the function's later return unrelated to the variable
    expect(one(vars, 'TOKEN')?.defaultValue).toBeUndefined();
  });

  it('Rust unwrap_or / unwrap_or_else and Go empty checks and cmp.Or', () => {
    const vars = read({
      'src/main.rs': [
        'fn main() {',
        '    let a = env::var("RA").unwrap_or("ra".to_string());',
        '    let b = std::env::var("RB").unwrap_or_else(|_| "rb".into());',
        '    let c = env::var("RC").ok();',
        '}',
      ].join('\n'),
      'main.go': [
        'package main',
        'func main() {',
        '\tport := os.Getenv("GP")',
        '\tif port == "" {',
        '\t\tport = "8080"',
        '\t}',
        '\thost := cmp.Or(os.Getenv("GH"), "localhost")',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'RA')).toMatchObject({ defaultValue: 'ra' });
    expect(one(vars, 'RB')).toMatchObject({ defaultValue: 'rb' });
    expect(one(vars, 'RC')!.hasDefault).toBeUndefined();
    expect(one(vars, 'GP')).toMatchObject({ defaultValue: '8080' });
    expect(one(vars, 'GH')).toMatchObject({ defaultValue: 'localhost' });
  });

  it("Rust: an if-let read's else block is its default; a variable the build script sets for env! is the build's", () => {
    const vars = read({
      'src/dirs.rs': [
        'fn dirs(base: &Base) -> PathBuf {',
        '    let cache_dir = if let Some(cache_dir) = env::var_os("APP_CACHE_PATH").map(PathBuf::from) {',
        '        cache_dir',
        '    } else {',
        '        base.cache_dir().join("app")',
        '    };',
        '    let other = if let Some(x) = env::var_os("APP_OTHER") {',
        '        x',
        '    } else {',
        '        let d = compute();',
        '        d',
        '    };',
        '}',
      ].join('\n'),
      'src/completions.rs': 'pub const BASH: &str = include_str!(env!("APP_GENERATED_BASH"));\n',
      'build/main.rs': [
        'fn main() {',
        '    println!("cargo:rustc-env=APP_GENERATED_BASH={}", out.display());',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'APP_CACHE_PATH')).toMatchObject({ defaultValue: 'base.cache_dir().join("app")' });
    // an else block of statements computes its value: no one expression to name
    expect(one(vars, 'APP_OTHER')?.defaultValue).toBeUndefined();
    expect(one(vars, 'APP_GENERATED_BASH')?.class).toBe('build');
  });

  it('compose interpolation: ${X}, ${X:-d}, ${X:?error} and a bare $X', () => {
    const vars = read({
      'docker-compose.yml': [
        'services:',
        '  web:',
        '    image: "app:${TAG:-latest}"',
        '    environment:',
        '      - DB=${DB_URL:?set DB_URL}',
        '      - NAME=$APP_NAME',
        '      - COST=$$NOT_A_VAR',
      ].join('\n'),
    });
    expect(one(vars, 'TAG')).toMatchObject({ line: 3, defaultValue: 'latest' });
    expect(one(vars, 'DB_URL')!.hasDefault).toBeUndefined();
    expect(one(vars, 'APP_NAME')).toMatchObject({ line: 6 });
    expect(one(vars, 'NOT_A_VAR')).toBeUndefined();
  });

  it("a shell script's own variables are not environment reads, unless they fall back on one", () => {
    const vars = read({
      'scripts/release.sh': [
        '#!/bin/sh',
        'DIR=out',
        'OUT="${OUT:-dist}"',
        'echo "${DIR}" "${OUT}" "${TOKEN}"',
      ].join('\n'),
    });
    expect(vars.map((v) => v.name).sort()).toEqual(['OUT', 'OUT', 'TOKEN']);
    expect(one(vars, 'OUT')).toMatchObject({ defaultValue: 'dist' });
  });
});

describe('reads through the project’s own wrappers and settings classes', () => {
  it('a function whose body reads os.getenv(its parameter, its default) is a reader', () => {
    const vars = read({
      'hc/settings.py': [
        'import os',
        'def envbool(s: str, default: str) -> bool:',
        '    v = os.getenv(s, default=default)',
        '    return v == "True"',
        '',
        'def envint(s, default):',
        '    return int(os.getenv(s, default))',
        '',
        'DEBUG = envbool("DEBUG", "True")',
        'LIMIT = envint("PING_LIMIT", default="100")',
        'name = envbool(some_name, "x")',
      ].join('\n'),
    });
    expect(one(vars, 'DEBUG')).toMatchObject({ line: 9, defaultValue: 'True' });
    expect(one(vars, 'PING_LIMIT')).toMatchObject({ line: 10, defaultValue: '100' });
    expect(vars).toHaveLength(2);
  });

  it('a Go helper that returns its fallback parameter', () => {
    const vars = read({
      'config.go': [
        'package config',
        'func getEnv(key, fallback string) string {',
        '\tif v, ok := os.LookupEnv(key); ok {',
        '\t\treturn v',
        '\t}',
        '\treturn fallback',
        '}',
        'var Addr = getEnv("ADDR", ":8080")',
      ].join('\n'),
    });
    expect(one(vars, 'ADDR')).toMatchObject({ line: 8, defaultValue: ':8080' });
  });

  it('pydantic BaseSettings fields (env_prefix, upper case) and django-environ calls', () => {
    const vars = read({
      'app/config.py': [
        'from pydantic_settings import BaseSettings, SettingsConfigDict',
        'class Settings(BaseSettings):',
        '    model_config = SettingsConfigDict(env_prefix="APP_")',
        '    database_url: str',
        '    port: int = 8000',
        '    debug: bool = Field(default=False)',
        '',
        'def helper():',
        '    pass',
      ].join('\n'),
      'proj/settings.py': [
        'import environ',
        'env = environ.Env()',
        'DEBUG = env.bool("DJ_DEBUG", default=False)',
      ].join('\n'),
    });
    expect(one(vars, 'APP_DATABASE_URL')).toMatchObject({ line: 4 });
    expect(one(vars, 'APP_DATABASE_URL')!.hasDefault).toBeUndefined();
    expect(one(vars, 'APP_PORT')).toMatchObject({ defaultValue: '8000' });
    expect(one(vars, 'APP_DEBUG')).toMatchObject({ defaultValue: 'False' });
    expect(one(vars, 'DJ_DEBUG')).toMatchObject({ line: 3, defaultValue: 'False' });
  });

  it('pydantic BaseSettings fields named in capitals, with a validator between them', () => {
    const vars = read({
      'backend/app/core/config.py': [
        'from pydantic_settings import BaseSettings, SettingsConfigDict',
        'class Settings(BaseSettings):',
        '    model_config = SettingsConfigDict(',
        '        env_file="../.env",',
        '    )',
        '    API_V1_STR: str = "/api/v1"',
        '    SECRET_KEY: str',
        '    DATABASE_URL: PostgresDsn',
        '',
        '    @field_validator("DATABASE_URL", mode="before")',
        '    @classmethod',
        '    def _use_driver(cls, value: str) -> str:',
        '        return value',
        '',
        '    SMTP_PORT: int = 587',
        '    SMTP_PASSWORD: str | None = None',
      ].join('\n'),
    });
    expect(
      vars.map((v) => `${v.name}:${v.line}:${v.defaultValue ?? '-'}:${v.required ? 'required' : ''}`),
    ).toEqual([
      'API_V1_STR:6:/api/v1:',
      'SECRET_KEY:7:-:required',
      'DATABASE_URL:8:-:required',
      'SMTP_PORT:15:587:',
      // None is no value: unset, the setting holds nothing, and it is not required
      'SMTP_PASSWORD:16:-:',
    ]);
  });
});

describe('who sets a variable', () => {
  it('a variable the program sets itself with setdefault is its plumbing, not a setting', () => {
    const vars = read({
      'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")\n',
      'app/settings.py': 'import os\nDEBUG = os.getenv("DEBUG", "False")\n',
    });
    expect(one(vars, 'DJANGO_SETTINGS_MODULE')).toMatchObject({ class: 'platform', setByProgram: true });
    expect(one(vars, 'DEBUG')?.class).toBe('config');
  });

  it("Rust's env! and option_env! are read when the program is compiled: the build's, not the user's", () => {
    const vars = read({
      'src/config.rs': [
        'pub fn system_config_file() -> PathBuf {',
        '    let folder = option_env!("APP_SYSTEM_CONFIG_PREFIX").unwrap_or("/etc");',
        '    let tag = env!("APP_BUILD_TAG");',
        '    let home = env::var("APP_CONFIG_DIR").unwrap_or_default();',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'APP_SYSTEM_CONFIG_PREFIX')?.class).toBe('build');
    expect(one(vars, 'APP_BUILD_TAG')?.class).toBe('build');
    expect(one(vars, 'APP_CONFIG_DIR')?.class).toBe('config');
  });

  it('CI, the build tool, the platform and shell completion are not the product’s configuration', () => {
    expect(envClass('GITHUB_SHA', 'src/a.ts')).toBe('ci');
    expect(envClass('CI', 'src/a.ts')).toBe('ci');
    expect(envClass('RUNNER_OS', 'src/a.ts')).toBe('ci');
    expect(envClass('GITHUB_CLIENT_ID', 'hc/settings.py')).toBe('config');
    expect(envClass('VERSION', '.github/workflows/release.yml')).toBe('ci');
    expect(envClass('CARGO_PKG_VERSION', 'src/lib.rs')).toBe('build');
    expect(envClass('TARGET', 'build.rs')).toBe('build');
    // Windows's, in whatever case the code spells them
    for (const n of [
      'PATH',
      'PATHEXT',
      'HOME',
      'EDITOR',
      'VISUAL',
      'TERM',
      'comspec',
      'SystemRoot',
      'windir',
    ])
      expect(envClass(n, 'src/main.rs'), n).toBe('platform');
    // a user sets NO_COLOR to configure the program's output: it is the product's setting
    for (const n of ['NO_COLOR', 'CLICOLOR', 'FORCE_COLOR'])
      expect(envClass(n, 'src/main.rs'), n).toBe('config');
    expect(envClass('COMP_CWORD', 'src/main.rs')).toBe('completion');
    expect(envClass('JUST_COMPLETE', 'src/main.rs')).toBe('completion');
    expect(envClass('_<PROG_NAME>_COMPLETE', 'src/core.py')).toBe('completion');
    expect(envClass('X', 'completions/fd.bash')).toBe('completion');
    expect(envClass('X', 'contrib/completion.zsh')).toBe('completion');
    // the program's own completion code reads the user's settings too
    expect(envClass('COBRA_COMPLETION_DESCRIPTIONS', 'completions.go')).toBe('config');
    expect(envClass('GOPATH_CACHE', 'src/main.go')).toBe('config');
    expect(envClass('DATABASE_URL', 'src/db.ts')).toBe('config');
  });

  it("the user's editor or pager is the product's configuration where a feature falls back to a tool of its own", () => {
    const vars = read({
      'src/subcommand.rs': [
        'fn edit(search: &Search) {',
        '  let editor = env::var_os("VISUAL")',
        '    .or_else(|| env::var_os("EDITOR"))',
        '    .unwrap_or_else(|| "vim".into());',
        '}',
      ].join('\n'),
      'src/pager.rs': ['fn page() {', '  let pager = env::var("PAGER").ok();', '}'].join('\n'),
    });
    expect(one(vars, 'VISUAL')).toMatchObject({
      class: 'config',
      defaultValue: 'vim',
      fallbackVars: ['EDITOR'],
    });
    expect(one(vars, 'EDITOR')).toMatchObject({ class: 'config' });
    // read with no tool of the product's own to fall back to, it stays the host's
    expect(one(vars, 'PAGER')).toMatchObject({ class: 'platform' });
  });

  it('names that hold credentials are sensitive and their defaults are never recorded', () => {
    for (const n of ['S3_SECRET_KEY', 'TRELLO_APP_KEY', 'MYSQL_PASS', 'DB_PWD'])
      expect(isSecretName(n), n).toBe(true);
    for (const n of [
      'NEXT_PUBLIC_SUPABASE_ANON_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'INTEGRATIONS_ALLOW_PRIVATE_IPS',
    ])
      expect(isSecretName(n), n).toBe(false);
    const vars = read({ 'src/a.js': "const s = process.env.JWT_SECRET || 'dev-secret';\n" });
    expect(one(vars, 'JWT_SECRET')).toMatchObject({ sensitive: true, hasDefault: true });
    expect(one(vars, 'JWT_SECRET')!.defaultValue).toBeUndefined();
  });
});

describe('secrets the configuration reveals', () => {
  const scan = (files: Record<string, string>) => {
    const src = sourcesFromMap(files);
    const lang = languagesPass(src).files;
    return secretsPass(src, lang, envVarsPass(src, lang));
  };

  it("a token's shape shown with its body zeroed or crossed out, or as a form field's placeholder, is no secret", () => {
    const slack = 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
    const real = 'https://hooks.slack.com/services/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';
    const { findings } = scan({
      'views/integrations.html': `<input type="url" name="slack" placeholder="${slack}">\n`,
      'src/notify.js': `const hook = '${real}';\nconst sample = '${slack}';\n`,
      'src/form.jsx': `<Field placeholder="${real}" />\n`,
    });
    expect(findings.map((f) => `${f.kind} ${f.file}:${f.line}`)).toEqual(['Slack webhook src/notify.js:1']);
  });

  it('a hard-coded fallback of a sensitive variable is a finding, masked, naming the variable', () => {
    const { findings, raw } = scan({
      'hc/settings.py':
        'import os\nSECRET_KEY = os.getenv("SECRET_KEY", "---")\nDB_PASSWORD = os.getenv("DB_PASSWORD", "")\n',
      'src/auth.js': "const s = process.env.JWT_SECRET || 'dev-secret-Abc123xyz';\n",
    });
    const fallback = findings.filter((f) => /fallback secret/.test(f.kind));
    expect(fallback.map((f) => [f.kind, f.variable, f.file, f.line])).toEqual([
      ['Placeholder fallback secret', 'SECRET_KEY', 'hc/settings.py', 2],
      ['Hard-coded fallback secret', 'JWT_SECRET', 'src/auth.js', 1],
    ]);
    expect(fallback[0]!.masked).toBe('***');
    expect(fallback[1]!.masked).not.toContain('dev-secret');
    // a weak value such as `---` is an ordinary string elsewhere: only a real-looking key is scrubbed
    expect(raw).toEqual(['dev-secret-Abc123xyz']);
  });

  it('a shipped sample env file that gives a credential a placeholder is a finding; empty or public values are not', () => {
    const { findings } = scan({
      'docker/.env.example': [
        'SECRET_KEY=---',
        'DB_PASSWORD=fixme-postgres-password',
        'EMAIL_HOST_PASSWORD=',
        'SITE_NAME=changeme',
        'API_TOKEN="your-token-here"',
      ].join('\n'),
      // a machine's own env file is a committed secret, not a sample
      '.env': 'SECRET_KEY=---\n',
    });
    const samples = findings.filter((f) => f.kind === 'Placeholder secret in a sample env file');
    expect(samples.map((f) => [f.variable, f.masked, f.line])).toEqual([
      ['SECRET_KEY', '---', 1],
      ['DB_PASSWORD', 'fixme-postgres-password', 2],
      ['API_TOKEN', 'your-token-here', 5],
    ]);
    expect(samples.every((f) => f.file === 'docker/.env.example')).toBe(true);
  });

  it('a placeholder, a stock word, the project name or a value the README shows is a sample, not a leak', () => {
    const { findings } = scan({
      'src/main/resources/application.properties': [
        'db.password=${DB_PASS:petclinic}',
        'mail.password=${MAIL_PASSWORD:changeme}',
        'api.token=${API_TOKEN:hunter2}',
        'auth.secret=${AUTH_SECRET:q8Zt3LwP0xRk7Vn2}',
      ].join('\n'),
      'src/main/java/org/acme/petclinic/App.java': 'class App {}',
      'README.md': 'Log in with `API_TOKEN=hunter2` locally.\n\nAUTH_SECRET=q8Zt3LwP0xRk7Vn2\n',
    });
    const kinds = Object.fromEntries(findings.map((f) => [f.variable, f.kind]));
    expect(kinds).toEqual({
      DB_PASS: 'Placeholder fallback secret',
      MAIL_PASSWORD: 'Placeholder fallback secret',
      API_TOKEN: 'Placeholder fallback secret',
      AUTH_SECRET: 'Hard-coded fallback secret',
    });
  });

  it('a committed .env with values is a finding; a template and public values are not', () => {
    const { findings } = scan({
      '.env': 'PORT=3000\nSTRIPE_SECRET_KEY=sk_test_abc\n',
      '.env.local.example':
        'NEXT_PUBLIC_SUPABASE_ANON_KEY="eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIn0.CRXP1A7WOeoJeXxjNni43kdQ"\nSECRET=\n',
    });
    expect(findings).toEqual([
      expect.objectContaining({
        kind: 'Committed .env file',
        file: '.env',
        line: 1,
        variable: 'STRIPE_SECRET_KEY',
      }),
    ]);
  });

  it('a committed .env that sets only plain settings holds no secret', () => {
    const plain = scan({ '.env': '# for tests, a wide terminal\nTERMINAL_WIDTH=3000\nLOG_LEVEL=debug\n' });
    expect(plain.findings).toEqual([]);
    // a key-shaped value is a credential whatever its name
    const keyed = scan({ '.env': 'TERMINAL_WIDTH=3000\nUPSTREAM=q8Zt3LwP0xRk7Vn2a9Hc\n' });
    expect(keyed.findings).toEqual([expect.objectContaining({ kind: 'Committed .env file', file: '.env' })]);
    // credentials set to words put there to be replaced, or to another variable, and addresses, hold none
    const placeholders = scan({
      '.env': [
        'SECRET_KEY=changethis',
        'FIRST_SUPERUSER_PASSWORD=changethis',
        'POSTGRES_PASSWORD=changethis',
        'DATABASE_URL=postgresql://postgres:${POSTGRES_PASSWORD}@localhost:5432/app',
      ].join('\n'),
      'frontend/.env': 'VITE_API_URL=http://localhost:8000\nMAILPIT_HOST=http://localhost:8025\n',
    });
    expect(placeholders.findings).toEqual([]);
  });

  it('a .env of sample text to highlight holds no key: a value with spaces is words, not a key', () => {
    const sample = scan({
      'tests/syntax-tests/source/DotENV/.env': [
        'export TEST_KEYWORD="bar"',
        'TEST_INTERPOLATION_SYNTAX_ONE="test test{$NVAR1}test{$NVAR2}test test"',
        'TEST_DOUBLE="Lorem {$VAR1} ${VAR2} $VAR3 ipsum dolor sit amet\\n\\r\\t\\\\"',
      ].join('\n'),
    });
    expect(sample.findings).toEqual([]);
  });
});

describe('where the docs name a variable', () => {
  it('matches whole words only: GOPATH does not document PATH', () => {
    const src = sourcesFromMap({ 'README.md': 'Set GOPATH first.\n\nThen `PORT`.\n' });
    expect(envDocsPass(src, ['PATH', 'PORT'], [])).toEqual([{ name: 'PORT', file: 'README.md', line: 3 }]);
  });

  it('reads a name in markdown bold (`__NODE_ENV__`) as the name', () => {
    const src = sourcesFromMap({
      'docs/api/index.md': '- `app.env` defaulting to the __NODE_ENV__ or "development"\n',
    });
    expect(envDocsPass(src, ['NODE_ENV'], ['docs/api/index.md'])).toEqual([
      { name: 'NODE_ENV', file: 'docs/api/index.md', line: 1 },
    ]);
  });

  it("does not take a variable set for a database's container (`docker run -e MYSQL_USER=… mysql`) as the product's", () => {
    const src = sourcesFromMap({
      'README.md': [
        '```bash',
        'docker run -e MYSQL_USER=petclinic -e MYSQL_PASSWORD=petclinic -p 3306:3306 mysql:9.6',
        'docker run \\',
        '  -e POSTGRES_USER=petclinic \\',
        '  postgres:18.3',
        'docker run -e APP_MODE=prod -p 80:80 acme/shop:1.2',
        '```',
      ].join('\n'),
    });
    expect(envDocsPass(src, ['MYSQL_USER', 'POSTGRES_USER', 'APP_MODE'], [])).toEqual([
      { name: 'APP_MODE', file: 'README.md', line: 6 },
    ]);
  });
});

describe('what each documentation file names', () => {
  it('credits every file with each variable it names, not only the file read first', () => {
    const src = sourcesFromMap({
      'README.md': 'Set `PORT` and `DB_URL`.\n',
      'docs/config.md':
        'Options\n\n- `DB_URL`: the database\n- `PORT`: the port\n- `SECRET`: signs cookies\n',
      '.env.example': 'SECRET=change-me\n',
    });
    const mentions = envDocsPass(src, ['DB_URL', 'PORT', 'SECRET'], ['docs/config.md']);
    expect(mentions.map((m) => `${m.name} ${m.file}:${m.line}`)).toEqual([
      // each name's mentions in reading order: the root README first
      'DB_URL README.md:1',
      'DB_URL docs/config.md:3',
      'PORT README.md:1',
      'PORT docs/config.md:4',
      'SECRET .env.example:1',
      'SECRET docs/config.md:5',
    ]);
  });
});

describe('fallbacks through other variables, branches and empty strings', () => {
  it('a ?? b ?? "" over several lines: the other variable first, then the empty string', () => {
    const vars = read({
      'src/stripe.ts': [
        'export const s = new Stripe(',
        "  process.env.STRIPE_SECRET_KEY_LIVE ?? process.env.STRIPE_SECRET_KEY ?? '',",
        ');',
        'const pk = load(',
        '  process.env.PUBLISHABLE_LIVE ??',
        '    process.env.PUBLISHABLE ??',
        "    ''",
        ');',
        "const svc = process.env.SERVICE_ROLE_KEY || '';",
      ].join('\n'),
    });
    const live = one(vars, 'STRIPE_SECRET_KEY_LIVE')!;
    expect(live.fallbackVars).toEqual(['STRIPE_SECRET_KEY']);
    expect(live.emptyFallback).toBe(true);
    // another variable is not a value hard-coded in the code
    expect(live.hasDefault).toBeUndefined();
    expect(one(vars, 'STRIPE_SECRET_KEY')).toMatchObject({ emptyFallback: true });
    expect(one(vars, 'SERVICE_ROLE_KEY')).toMatchObject({ emptyFallback: true });
    expect(one(vars, 'PUBLISHABLE_LIVE')).toMatchObject({ fallbackVars: ['PUBLISHABLE'], defaultValue: '' });
    const src = sourcesFromMap({
      'src/stripe.ts': "const k = process.env.STRIPE_SECRET_KEY_LIVE ?? process.env.STRIPE_SECRET_KEY ?? '';",
    });
    const files = languagesPass(src).files;
    expect(secretsPass(src, files, envVarsPass(src, files)).findings).toEqual([]);
  });

  it('Python `or` over lines and a ternary over lines take the last value as the default', () => {
    const vars = read({
      'pkg/sessions.py': [
        'import os',
        'verify = (',
        '    os.environ.get("REQUESTS_CA_BUNDLE")',
        '    or os.environ.get("CURL_CA_BUNDLE")',
        '    or verify',
        ')',
      ].join('\n'),
      'utils/helpers.ts': [
        'let url =',
        '  process?.env?.SITE_URL && process.env.SITE_URL.trim() !== ""',
        '    ? process.env.SITE_URL',
        '    : process?.env?.VERCEL_URL',
        '      ? process.env.VERCEL_URL',
        "      : 'http://localhost:3000/';",
      ].join('\n'),
    });
    expect(one(vars, 'REQUESTS_CA_BUNDLE')).toMatchObject({
      fallbackVars: ['CURL_CA_BUNDLE'],
      defaultValue: 'verify',
    });
    expect(one(vars, 'CURL_CA_BUNDLE')).toMatchObject({ defaultValue: 'verify' });
    for (const v of vars.filter((x) => x.name === 'SITE_URL'))
      expect(v).toMatchObject({ fallbackVars: ['VERCEL_URL'], defaultValue: 'http://localhost:3000/' });
  });

  it('Python branches: else after a test, a comparison, `if not v: v = …`; none without an else', () => {
    const vars = read({
      'app/settings.py': [
        'import os',
        'if v := os.getenv("ALLOWED_HOSTS"):',
        '    ALLOWED_HOSTS = v.split(",")',
        'else:',
        '    ALLOWED_HOSTS = [domain]',
        'if os.getenv("DB") == "postgres":',
        '    DATABASES = {}',
        'netrc_file = os.environ.get("NETRC")',
        'if netrc_file is not None:',
        '    locations = (netrc_file,)',
        'else:',
        '    locations = ("~/.netrc",)',
        'if admins := os.getenv("ADMINS"):',
        '    ADMINS = admins.split(",")',
        'METRICS_KEY = os.getenv("METRICS_KEY")',
      ].join('\n'),
    });
    for (const n of ['ALLOWED_HOSTS', 'DB', 'NETRC']) expect(one(vars, n)!.hasDefault).toBe(true);
    for (const n of ['ADMINS', 'METRICS_KEY']) expect(one(vars, n)!.hasDefault).toBeUndefined();
  });
});

describe('required reads and optional lookups', () => {
  it('a read that fails when unset is required; a lookup that returns nothing is not', () => {
    const vars = read({
      'src/client.ts': [
        'createClient(process.env.SUPABASE_URL!, process.env.ANON);',
        'const secret = process.env.WEBHOOK_SECRET;',
        'if (!secret) throw new Error("missing");',
        'const opt = process.env.OPTIONAL_HOOK;',
        'if (!opt) return null;',
      ].join('\n'),
      'app/run.py': [
        'import os',
        'A = os.environ["PY_REQUIRED"]',
        'os.environ["CHILD_ONLY"] = "1"',
        'B = os.getenv("PY_OPTIONAL")',
      ].join('\n'),
      'src/main.rs': [
        'fn main() -> R {',
        '  let t = env::var("RS_TOKEN")?;',
        '  let o = env::var("RS_OPT").ok();',
        '}',
      ].join('\n'),
      'deploy.sh': 'echo "${DEPLOY_HOST:?set DEPLOY_HOST}"',
    });
    for (const n of ['SUPABASE_URL', 'WEBHOOK_SECRET', 'PY_REQUIRED', 'RS_TOKEN', 'DEPLOY_HOST'])
      expect(one(vars, n)?.required, n).toBe(true);
    for (const n of ['ANON', 'OPTIONAL_HOOK', 'PY_OPTIONAL', 'RS_OPT'])
      expect(one(vars, n)?.required, n).toBeUndefined();
    // setting a variable for a child process is not reading configuration
    expect(one(vars, 'CHILD_ONLY')).toBeUndefined();
  });
});

describe('a Python subscript read the code reaches only once the variable is set', () => {
  it('is optional under a block or a conditional expression that tests the same variable', () => {
    const vars = read({
      'pkg/config.py': [
        'import os',
        'def ctx(trust_env):',
        '    if trust_env and os.environ.get("CERT_FILE"):',
        '        return load(cafile=os.environ["CERT_FILE"])',
        '    elif trust_env and "CERT_DIR" in os.environ:',
        '        return load(capath=os.environ["CERT_DIR"])',
        '    if not os.environ.get("TOKEN"):',
        '        pass',
        '    t = os.environ["TOKEN"]',
        '    h = os.environ["HOME_DIR"] if "HOME_DIR" in os.environ else "/"',
        '    return os.environ["API_KEY"]',
      ].join('\n'),
    });
    for (const n of ['CERT_FILE', 'CERT_DIR', 'HOME_DIR']) expect(one(vars, n)?.required, n).toBeUndefined();
    for (const n of ['TOKEN', 'API_KEY']) expect(one(vars, n)?.required, n).toBe(true);
  });
});

describe('a missing value turned into an error soon after the read', () => {
  it('an error response, raise, log.Fatal or an error value makes the variable required', () => {
    const vars = read({
      'app/api/hook/route.ts': [
        'export async function POST(req: Request) {',
        "  const sig = req.headers.get('sig');",
        '  const hookSecret = process.env.HOOK_SECRET;',
        '  try {',
        '    if (!sig || !hookSecret)',
        "      return new Response('Secret not found.', { status: 400 });",
        '  } catch {}',
        '}',
        'export function GET() {',
        '  const flag = process.env.SOFT_FLAG;',
        "  if (!flag) return new Response('ok', { status: 200 });",
        '  if (!process.env.API_URL) return res.status(500).json({});',
        '}',
      ].join('\n'),
      'app/settings.py': [
        'import os',
        'key = os.getenv("DJ_KEY")',
        'if not key:',
        '    raise ImproperlyConfigured("DJ_KEY")',
      ].join('\n'),
      'main.go': [
        'func load() error {',
        '\tdsn := os.Getenv("GO_DSN")',
        '\tif dsn == "" {',
        '\t\treturn fmt.Errorf("GO_DSN unset")',
        '\t}',
        '\tmode := os.Getenv("GO_MODE")',
        '\tif mode == "" {',
        '\t\treturn nil',
        '\t}',
        '}',
      ].join('\n'),
    });
    for (const n of ['HOOK_SECRET', 'API_URL', 'DJ_KEY', 'GO_DSN'])
      expect(one(vars, n)?.required, n).toBe(true);
    // a 200 or a plain return carries on without it
    for (const n of ['SOFT_FLAG', 'GO_MODE']) expect(one(vars, n)?.required, n).toBeUndefined();
  });

  it('a test joined by && is not the variable missing on its own', () => {
    const vars = read({
      'src/a.ts': [
        'const a = process.env.A_URL;',
        'const b = process.env.B_URL;',
        "if (!b && !a) throw new Error('one of them');",
      ].join('\n'),
    });
    expect(one(vars, 'B_URL')?.required).toBeUndefined();
  });
});

describe('variables read through argument parsers and presence tests', () => {
  it('clap `env = "X"`, click `envvar=` and `"X" in process.env`', () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(',
        '    default_value = "right",',
        '    env = "TOOL_ALIAS_STYLE",',
        '    long',
        '  )]',
        '  pub alias_style: AliasStyle,',
        '  #[arg(env = "TOOL_QUIET", long)]',
        '  pub quiet: bool,',
        '}',
      ].join('\n'),
      'cli.py': ['import click', '@click.option("--user", envvar="APP_USER")', 'def main(user): pass'].join(
        '\n',
      ),
      'src/color.ts': "export const noColor = () => 'NO_COLOR' in process?.env;",
    });
    expect(one(vars, 'TOOL_ALIAS_STYLE')).toMatchObject({ defaultValue: 'right' });
    expect(one(vars, 'TOOL_QUIET')).toMatchObject({ option: true });
    expect(one(vars, 'APP_USER')?.option).toBeUndefined();
    expect(one(vars, 'APP_USER')).toBeDefined();
    expect(one(vars, 'NO_COLOR')).toBeDefined();
  });
  it("a clap default given by a constant of the same file is shown as the constant's literal", () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(default_value = Self::DEFAULT_FORMAT, env = "TOOL_FORMAT", long)]',
        '  pub format: String,',
        '  #[arg(default_value = Self::DEFAULT_MODE, env = "TOOL_MODE", long)]',
        '  pub mode: String,',
        '}',
        'impl Arguments {',
        '  pub(crate) const DEFAULT_FORMAT: &str = "%H:%M:%S";',
        '  pub(crate) const DEFAULT_MODE: &str = default_mode();',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'TOOL_FORMAT')).toMatchObject({ defaultValue: '%H:%M:%S' });
    // not a literal: the expression stays as written
    expect(one(vars, 'TOOL_MODE')).toMatchObject({ defaultValue: 'Self::DEFAULT_MODE' });
  });
  it('a clap switch left unset is false, a counted flag 0, an optional value has none', () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(env = "TOOL_DRY_RUN", help = "Print what it would do", long, short = \'n\')]',
        '  pub(crate) dry_run: bool,',
        '  #[arg(',
        '    action = ArgAction::Count,',
        '    env = "TOOL_VERBOSE",',
        '    long,',
        '  )]',
        '  pub(crate) verbose: u8,',
        '  #[arg(env = "TOOL_TEMPDIR", long)]',
        '  pub(crate) tempdir: Option<PathBuf>,',
        '  #[arg(action = ArgAction::SetFalse, env = "TOOL_COLOR", long)]',
        '  pub(crate) color: bool,',
        '  #[arg(env = "TOOL_HIGHLIGHT", long, overrides_with = "no_highlight")]',
        '  pub(crate) highlight: bool,',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'TOOL_DRY_RUN')).toMatchObject({ defaultValue: 'false' });
    expect(one(vars, 'TOOL_VERBOSE')).toMatchObject({ defaultValue: '0' });
    expect(one(vars, 'TOOL_TEMPDIR')?.defaultValue).toBeUndefined();
    expect(one(vars, 'TOOL_COLOR')).toMatchObject({ defaultValue: 'true' });
    // one half of a `--highlight` / `--no-highlight` pair: what unset does is decided elsewhere
    expect(one(vars, 'TOOL_HIGHLIGHT')?.defaultValue).toBeUndefined();
  });
  it('a clap variable whose fallback the help text gives has that default', () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(env = "TOOL_PICKER", help = "Override the picker", long)]',
        '  pub picker: Option<String>,',
        '  #[arg(env = "TOOL_PAGER", long)]',
        '  pub pager: Option<String>,',
        '  #[arg(',
        '    help = "Pick a task; the picker defaults to the value of $TOOL_PICKER, falling back to `fzf`",',
        '    long',
        '  )]',
        '  pub pick: bool,',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'TOOL_PICKER')).toMatchObject({ defaultValue: 'fzf' });
    // a variable the help text gives no fallback for keeps none
    expect(one(vars, 'TOOL_PAGER')?.defaultValue).toBeUndefined();
  });
  it("a clap option's field read elsewhere with a fallback has that default", () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(',
        '    env = "TOOL_JOBS",',
        '    long',
        '  )]',
        '  pub(crate) jobs: Option<NonZeroU64>,',
        '  #[arg(env = "TOOL_DEPTH", long)]',
        '  pub(crate) depth: Option<u32>,',
        '}',
      ].join('\n'),
      'src/run.rs': [
        'fn run(config: &Config) {',
        '  let jobs = Semaphore::new(config.jobs.unwrap_or(NonZeroU64::MAX));',
        '  let a = config.depth.unwrap_or(3);',
        '  let b = other.depth.unwrap_or(9);',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'TOOL_JOBS')).toMatchObject({ defaultValue: 'NonZeroU64::MAX' });
    // two fallbacks in two places: which applies depends on the path, so neither is the default
    expect(one(vars, 'TOOL_DEPTH')?.defaultValue).toBeUndefined();
  });
  it("follows an option's field through a method chain, an `else` branch, constants and a type's Default", () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(env = "TOOL_INDENT", long)]',
        '  pub(crate) indentation: Option<Indentation>,',
        '  #[arg(env = "TOOL_FILE_NAME", long, value_delimiter = \',\')]',
        '  pub(crate) file_names: Option<Vec<String>>,',
        '  #[arg(env = "TOOL_QUIET", long)]',
        '  pub(crate) quiet: Option<bool>,',
        '}',
      ].join('\n'),
      'src/indentation.rs': [
        'impl Default for Indentation {',
        '  fn default() -> Self {',
        '    Self {',
        "      character: ' ',",
        '      count: 4,',
        '    }',
        '  }',
        '}',
      ].join('\n'),
      'src/search.rs': [
        'const DEFAULT_FILE_NAME: &str = FILE_NAMES[0];',
        'pub(crate) const FILE_NAMES: [&str; 2] = ["toolfile", ".toolfile"];',
        'fn init(config: &Config) -> &str {',
        '  config',
        '    .file_names',
        '    .as_ref()',
        '    .and_then(|names| names.first().map(String::as_str))',
        '    .unwrap_or(DEFAULT_FILE_NAME)',
        '}',
        'fn find(config: &Config) {',
        '  let names: Box<dyn Iterator<Item = &str>> = if let Some(names) = &config.file_names {',
        '    Box::new(names.iter().map(String::as_str))',
        '  } else {',
        '    Box::new(FILE_NAMES.into_iter())',
        '  };',
        '}',
        'fn format(config: &Config, ast: &Ast) {',
        '  let i = config.indentation.or(ast.indentation()).unwrap_or_default();',
        '  let q = config.quiet.unwrap_or_default();',
        '}',
        // the default of what a `map` makes is not the field's, and an `else` that chooses further ends elsewhere
        'fn jobs(config: &Config) -> Value {',
        '  config.indentation.map(|i| Value::from(i.to_string())).unwrap_or_default()',
        '}',
        'fn dir(config: &Config) {',
        '  if let Some(dir) = &self.config.file_names {',
        '    a(dir)',
        '  } else {',
        '    match x { Some(y) => b(y), None => c(TOOL_DIRECTORY) }',
        '  }',
        '}',
      ].join('\n'),
    });
    // the AST's own setting is tried before the type's Default
    expect(one(vars, 'TOOL_INDENT')).toMatchObject({
      defaultValue: "Indentation { character: ' ', count: 4 }",
      fallsBackTo: ['ast.indentation()'],
    });
    expect(one(vars, 'TOOL_FILE_NAME')?.fallsBackTo).toBeUndefined();
    expect(one(vars, 'TOOL_FILE_NAME')).toMatchObject({ defaultValues: ['toolfile', '.toolfile'] });
    // a standard type's empty default is the option left out, not a value of its own
    expect(one(vars, 'TOOL_QUIET')?.defaultValue).toBeUndefined();
  });
});

describe("an option's absence the code handles further on", () => {
  it("is the code's own value where an `else` or a `match` works it out, cited there", () => {
    const vars = read({
      'src/arguments.rs': [
        'pub struct Arguments {',
        '  #[arg(env = "TOOL_TEMPDIR", long)]',
        '  pub(crate) tempdir: Option<PathBuf>,',
        '  #[arg(env = "TOOL_WORKDIR", long)]',
        '  pub(crate) workdir: Option<PathBuf>,',
        '  #[arg(env = "TOOL_COLOR", long)]',
        '  pub(crate) color: Option<Color>,',
        '  #[arg(env = "TOOL_DOTENV_COMMAND", long)]',
        '  pub(crate) dotenv_command: Vec<String>,',
        '}',
      ].join('\n'),
      'src/run.rs': [
        'fn temp(&self) {',
        '  if let Some(tempdir) = &self.config.tempdir {',
        '    builder.tempdir_in(tempdir)',
        '  } else {',
        '    match &self.settings.tempdir { Some(t) => a(t), None => builder.tempdir() }',
        '  }',
        '}',
        'fn search(arguments: &Arguments) {',
        '  let workdir = arguments.workdir.clone();',
        '  let found = look();',
        '  match (found, workdir) {',
        '    (None, None) => from_invocation(),',
        '    (_, Some(w)) => w,',
        '  }',
        '}',
        'fn paint(config: &Config) {',
        '  if let Some(c) = config.color { paint(c) }',
        '}',
        'fn load(config: &Config, settings: &Settings) {',
        '  let commands = if config.dotenv_command.is_empty() || sub {',
        '    settings.dotenv_command.elements()',
        '  } else {',
        '    &config.dotenv_command',
        '  };',
        '}',
      ].join('\n'),
    });
    // the `else` looks at the settings first
    expect(one(vars, 'TOOL_TEMPDIR')).toMatchObject({
      hasDefault: true,
      defaultAt: { path: 'src/run.rs', line: 2 },
      fallsBackTo: ['self.settings.tempdir'],
    });
    // left out, the option gives way to the settings' own list: no value of the code's own
    expect(one(vars, 'TOOL_DOTENV_COMMAND')).toMatchObject({
      defaultAt: { path: 'src/run.rs', line: 20 },
      fallsBackTo: ['settings.dotenv_command'],
    });
    expect(one(vars, 'TOOL_DOTENV_COMMAND')?.hasDefault).toBeUndefined();
    expect(one(vars, 'TOOL_WORKDIR')).toMatchObject({
      hasDefault: true,
      defaultAt: { path: 'src/run.rs', line: 11 },
    });
    // an `if let` with no `else`: unset, nothing happens
    expect(one(vars, 'TOOL_COLOR')?.hasDefault).toBeUndefined();
  });
});

describe('variables named by a constant or through a helper', () => {
  it('Go constants, joined ones too, and a helper that also reads the upper-case name', () => {
    const vars = read({
      'help.go': [
        'package cobra',
        'const (',
        '\tprefix  = "TOOL"',
        '\tsuffix  = "ACTIVE_HELP"',
        '\tglobalVar = prefix + "_" + suffix',
        ')',
        'func cfg() string {',
        '\treturn os.Getenv(globalVar)',
        '}',
        'func helpVar(name string) string { return envName(name, suffix) }',
        'func perProgram(cmd *Command) string {',
        '\treturn os.Getenv(helpVar(cmd.Root().Name()))',
        '}',
        'func anyConfig(cmd *Command, suffix string) string {',
        '\treturn os.Getenv(envName(cmd.Root().Name(), suffix))',
        '}',
        'func envName(name, suffix string) string {',
        '\tv := strings.ToUpper(fmt.Sprintf("%s_%s", name, suffix))',
        '\treturn v',
        '}',
      ].join('\n'),
      'utils.py': [
        'import os',
        'def get_proxy(key):',
        '    return os.environ.get(key) or os.environ.get(key.upper())',
        'no_proxy = get_proxy("no_proxy")',
        'def config_dir(roaming):',
        '    key = "APPDATA" if roaming else "LOCALAPPDATA"',
        '    return os.environ.get(key)',
        'def resolve(ctx, self):',
        '    envvar = f"{ctx.auto_envvar_prefix}_{self.name.upper()}"',
        '    return os.environ.get(envvar)',
        'def set_environ(env_name, value):',
        '    old_value = os.environ.get(env_name)',
        '    os.environ[env_name] = value',
        'set_environ("http_proxy", "x")',
      ].join('\n'),
    });
    expect(one(vars, 'TOOL_ACTIVE_HELP')).toMatchObject({ file: 'help.go', line: 8 });
    expect(one(vars, '<NAME>_ACTIVE_HELP')).toMatchObject({ file: 'help.go', line: 12 });
    expect(one(vars, '<AUTO_ENVVAR_PREFIX>_<NAME>')).toBeDefined();
    expect(one(vars, 'APPDATA')).toBeDefined();
    expect(one(vars, 'LOCALAPPDATA')).toBeDefined();
    // nothing fixed and nothing named: not a pattern worth a row
    expect(vars.some((v) => v.name === '<NAME>_<SUFFIX>')).toBe(false);
    expect(one(vars, 'no_proxy')).toBeDefined();
    expect(one(vars, 'NO_PROXY')).toBeDefined();
    // a helper that sets the variable reads it only to restore it
    expect(one(vars, 'http_proxy')).toBeUndefined();
  });
});

describe('variables a library call reads for the program', () => {
  it('LsColors::from_env reads LS_COLORS (with the fallback), getproxies the proxy variables', () => {
    const vars = read({
      'src/main.rs':
        'let c = LsColors::from_env().unwrap_or_else(|| LsColors::from_string(DEFAULT_LS_COLORS));',
      'pkg/utils.py': [
        'from urllib.request import getproxies',
        'def proxies():',
        '    return getproxies()',
      ].join('\n'),
    });
    expect(one(vars, 'LS_COLORS')).toMatchObject({
      defaultValue: 'LsColors::from_string(DEFAULT_LS_COLORS)',
    });
    expect(one(vars, '<SCHEME>_proxy')).toMatchObject({ readBy: 'getproxies()' });
    expect(one(vars, 'no_proxy')).toMatchObject({ readBy: 'getproxies()' });
    expect(one(vars, 'LS_COLORS')).toMatchObject({ readBy: 'LsColors::from_env()' });
  });
});

describe('documentation of a variable whose name is computed', () => {
  it('matches the docs spelling of the pattern, and a placeholder-only pattern by what supplies it', () => {
    const src = sourcesFromMap({
      'docs/help.md':
        'Set `<PROGRAM>_ACTIVE_HELP` to 0.\nOr COBRA_COMPLETION_DESCRIPTIONS=false.\nSet HTTPS_PROXY.',
      'docs/options.md': 'Options can come from the `auto_envvar_prefix` of the context.\nThe name of it.',
    });
    const names = [
      '<NAME>_ACTIVE_HELP',
      'COBRA_<SUFFIX>',
      '<SCHEME>_proxy',
      '<AUTO_ENVVAR_PREFIX>_<NAME>',
      '<NAME>_<KEY>',
    ];
    const found = Object.fromEntries(envDocsPass(src, names, []).map((m) => [m.name, `${m.file}:${m.line}`]));
    expect(found).toEqual({
      '<NAME>_ACTIVE_HELP': 'docs/help.md:1',
      'COBRA_<SUFFIX>': 'docs/help.md:2',
      '<SCHEME>_proxy': 'docs/help.md:3',
      '<AUTO_ENVVAR_PREFIX>_<NAME>': 'docs/options.md:1',
    });
  });
});

describe('what a variable comes to when unset', () => {
  it('an empty key or endpoint handed straight to a client is no default: it must be set', () => {
    const vars = read({
      'utils/admin.ts': [
        'export const admin = createClient(',
        "  process.env.SERVICE_URL || '',",
        "  process.env.SERVICE_ROLE_KEY || ''",
        ');',
        'export const pay = new Payments(',
        "  process.env.PAY_KEY_LIVE ?? process.env.PAY_KEY ?? '',",
        '  { apiVersion: null },',
        ');',
        // an empty password in a settings object is a usable value, not a client argument
        "const db = { password: process.env.DB_PASSWORD || '' };",
        "const label = process.env.LABEL || '';",
      ].join('\n'),
    });
    expect(one(vars, 'SERVICE_URL')).toMatchObject({ unusableEmpty: true, emptyFallback: true });
    expect(one(vars, 'SERVICE_URL')!.hasDefault).toBeUndefined();
    expect(one(vars, 'SERVICE_ROLE_KEY')).toMatchObject({ unusableEmpty: true });
    expect(one(vars, 'PAY_KEY')).toMatchObject({ unusableEmpty: true });
    expect(one(vars, 'PAY_KEY_LIVE')).toMatchObject({ unusableEmpty: true, fallbackVars: ['PAY_KEY'] });
    expect(one(vars, 'DB_PASSWORD')!.unusableEmpty).toBeUndefined();
    expect(one(vars, 'LABEL')).toMatchObject({ defaultValue: '' });
    expect(one(vars, 'LABEL')!.unusableEmpty).toBeUndefined();
  });

  it('Python: the value the else branch computes, resolved through a module constant', () => {
    const vars = read({
      'pkg/utils.py': [
        'import os',
        'RC_FILES = (".toolrc", "_toolrc")',
        '',
        'def locate():',
        '    rc = os.environ.get("TOOLRC")',
        '    if rc is not None:',
        '        where = (rc,)',
        '    else:',
        '        where = (f"~/{f}" for f in RC_FILES)',
        '    return where',
      ].join('\n'),
    });
    expect(one(vars, 'TOOLRC')).toMatchObject({
      hasDefault: true,
      defaultValues: ['~/.toolrc', '~/_toolrc'],
      defaultLine: 8,
    });
  });

  it('a presence test is marked so the table can say what unset means', () => {
    const vars = read({
      'src/color.ts': "export const plain = 'NO_COLOR' in process.env;",
      'pkg/color.py': 'import os\nPLAIN = "NO_COLOR" in os.environ\n',
    });
    expect(vars.filter((v) => v.name === 'NO_COLOR').every((v) => v.presence)).toBe(true);
    expect(vars.filter((v) => v.name === 'NO_COLOR')).toHaveLength(2);
  });

  it('proxy variables may carry user:password@ and are sensitive; the no-proxy host list is not', () => {
    expect(isSecretName('https_proxy')).toBe(true);
    expect(isSecretName('HTTP_PROXY')).toBe(true);
    expect(isSecretName('<SCHEME>_proxy')).toBe(true);
    expect(isSecretName('ALL_PROXY')).toBe(true);
    expect(isSecretName('NO_PROXY')).toBe(false);
    expect(isSecretName('no_proxy')).toBe(false);
  });
});

describe('a Python setting switched by comparing a variable', () => {
  it('unset keeps the value an earlier assignment gave, cited where it is set', () => {
    const vars = read({
      'app/settings.py': [
        'import os',
        'DATABASES = {"default": "sqlite"}',
        '',
        'if os.getenv("DB") == "postgres":',
        '    DATABASES = {"default": "postgres"}',
      ].join('\n'),
    });
    expect(one(vars, 'DB')).toMatchObject({ hasDefault: true, defaultLine: 2 });
  });
});

describe('names read in ways a plain lookup does not show', () => {
  it('clap `env` is printed by --help unless hide_env; brackets earlier in the attribute do not hide it', () => {
    const vars = read({
      'src/cli.rs': [
        'use clap::Parser;',
        '#[derive(Parser)]',
        'struct A {',
        '  #[arg(long, conflicts_with_all(&["a", "b"]), env = "APP_JOBS")]',
        '  jobs: usize,',
        '  #[arg(long, env = "APP_TOKEN", hide_env = true)]',
        '  token: String,',
        '}',
      ].join('\n'),
    });
    expect(one(vars, 'APP_JOBS')).toMatchObject({ line: 4, inHelp: true });
    expect(one(vars, 'APP_TOKEN')?.inHelp).toBeUndefined();
  });

  it('a loop over literal names reads each of them', () => {
    const vars = read({
      'pkg/edit.py':
        'import os\ndef editor():\n    for key in "VISUAL", "EDITOR":\n        rv = os.environ.get(key)\n        if rv:\n            return rv\n',
      'src/a.ts':
        'for (const k of ["HTTP_PROXY", "http_proxy"]) {\n  if (process.env[k]) return process.env[k];\n}\n',
      'main.go':
        'package main\nimport "os"\nfunc f() {\n\tfor _, k := range []string{"XDG_DATA_HOME", "HOME"} {\n\t\t_ = os.Getenv(k)\n\t}\n}\n',
    });
    expect(vars.map((v) => `${v.name}:${v.line}`).sort()).toEqual([
      'EDITOR:3',
      'HOME:4',
      'HTTP_PROXY:1',
      'VISUAL:3',
      'XDG_DATA_HOME:4',
      'http_proxy:1',
    ]);
  });

  it("a name a helper builds from a constant is resolved at each call, the program's and the global one", () => {
    const vars = read({
      'cfg.go': [
        'package kit', // 1
        'import ("fmt"; "os"; "strings")', // 2
        'const globalPrefix = "KIT"', // 3
        'const suffixDescriptions = "COMPLETION_DESCRIPTIONS"', // 4
        'func configEnvVar(name, suffix string) string {', // 5
        '\tv := strings.ToUpper(fmt.Sprintf("%s_%s", name, suffix))', // 6
        '\treturn v', // 7
        '}', // 8
        'func getEnvConfig(cmd *Command, suffix string) string {', // 9
        '\tv := os.Getenv(configEnvVar(cmd.Root().Name(), suffix))', // 10
        '\tif v == "" {', // 11
        '\t\tv = os.Getenv(configEnvVar(globalPrefix, suffix))', // 12
        '\t}', // 13
        '\treturn v', // 14
        '}', // 15
        'func descriptions(cmd *Command) string { return getEnvConfig(cmd, suffixDescriptions) }', // 16
      ].join('\n'),
    });
    expect(vars.map((v) => `${v.name}:${v.line}`).sort()).toEqual([
      '<NAME>_COMPLETION_DESCRIPTIONS:16',
      'KIT_COMPLETION_DESCRIPTIONS:16',
    ]);
  });

  it('a second lookup made when the first is empty is its fallback; one skipped on a value is overridden', () => {
    const vars = read({
      'cfg.go': [
        'package kit', // 1
        'import ("fmt"; "os"; "strings")', // 2
        'const globalPrefix = "KIT"', // 3
        'const suffixDescriptions = "COMPLETION_DESCRIPTIONS"', // 4
        'const globalHelp = "KIT_HELP"', // 5
        'const helpOff = "0"', // 6
        'func configEnvVar(name, suffix string) string {', // 7
        '\treturn strings.ToUpper(fmt.Sprintf("%s_%s", name, suffix))', // 8
        '}', // 9
        'func getEnvConfig(cmd *Command, suffix string) string {', // 10
        '\tv := os.Getenv(configEnvVar(cmd.Root().Name(), suffix))', // 11
        '\tif v == "" {', // 12
        '\t\tv = os.Getenv(configEnvVar(globalPrefix, suffix))', // 13
        '\t}', // 14
        '\treturn v', // 15
        '}', // 16
        'func descriptions(cmd *Command) string { return getEnvConfig(cmd, suffixDescriptions) }', // 17
        'func help(cmd *Command) string {', // 18
        '\tcfg := os.Getenv(globalHelp)', // 19
        '\tif cfg != helpOff {', // 20
        '\t\tcfg = os.Getenv(configEnvVar(cmd.Root().Name(), "HELP"))', // 21
        '\t}', // 22
        '\treturn cfg', // 23
        '}', // 24
      ].join('\n'),
    });
    expect(one(vars, '<NAME>_COMPLETION_DESCRIPTIONS')?.fallbackVars).toEqual([
      'KIT_COMPLETION_DESCRIPTIONS',
    ]);
    expect(one(vars, 'KIT_COMPLETION_DESCRIPTIONS')?.fallbackVars).toBeUndefined();
    expect(one(vars, '<NAME>_HELP')?.overriddenBy).toEqual({ name: 'KIT_HELP', value: '0' });
    expect(one(vars, '<NAME>_HELP')?.fallbackVars).toBeUndefined();
    // what fills the run-time part is the code at the call, not the parameter's name
    expect(one(vars, '<NAME>_COMPLETION_DESCRIPTIONS')?.filledBy).toEqual({ '<NAME>': 'cmd.Root().Name()' });
    expect(one(vars, '<NAME>_HELP')?.filledBy).toEqual({ '<NAME>': 'cmd.Root().Name()' });
  });

  it('library calls that read fixed variables, and a variable a setting names', () => {
    const vars = read({
      'src/cli.rs': 'fn shell() { let s = Shell::from_env(); env_logger::init(); }\n',
      'pkg/core.py':
        'import os\nclass Parameter:\n    def value(self):\n        return os.environ.get(self.envvar)\n',
    });
    expect(vars.map((v) => `${v.name}:${v.line}:${v.class}`).sort()).toEqual([
      '<ENVVAR>:4:config',
      'RUST_LOG:1:config',
      'SHELL:1:platform',
    ]);
  });
});

describe('where variables are documented', () => {
  it('a changelog line is not documentation', () => {
    const src = sourcesFromMap({
      'CHANGES.md': 'Version 2: LESS is now honoured.\n',
      'docs/release-notes.md': '## 0.9\n\n* Read `LESSKEY` too.\n',
      'docs/pager.md': 'Set `PAGER` to choose the pager.\n',
    });
    const files = ['CHANGES.md', 'docs/release-notes.md', 'docs/pager.md'];
    expect(envDocsPass(src, ['LESS', 'LESSKEY', 'PAGER'], files)).toEqual([
      { name: 'PAGER', file: 'docs/pager.md', line: 1 },
    ]);
  });
});

describe('proxy variables in the docs', () => {
  it('docs naming no_proxy document NO_PROXY: proxies are read in either case', () => {
    const src = sourcesFromMap({ 'docs/advanced.rst': 'Set ``no_proxy`` to skip the proxy.\n' });
    expect(envDocsPass(src, ['NO_PROXY', 'no_proxy'], ['docs/advanced.rst'])).toEqual([
      { name: 'no_proxy', file: 'docs/advanced.rst', line: 1 },
      { name: 'NO_PROXY', file: 'docs/advanced.rst', line: 1 },
    ]);
  });
});

describe('env example files', () => {
  it('an empty value ends at its line, so the next variable is still read', () => {
    const vars = read({
      '.env.local.example':
        'SITE_URL="http://localhost:3000"\nSERVICE_KEY=\n\n# Stripe\nPUBLISHABLE_KEY=\nSECRET_KEY=\nWEBHOOK_SECRET=\n',
    }).filter((v) => v.file === '.env.local.example');
    expect(vars.map((v) => `${v.name}:${v.line}`)).toEqual([
      'SITE_URL:1',
      'SERVICE_KEY:2',
      'PUBLISHABLE_KEY:5',
      'SECRET_KEY:6',
      'WEBHOOK_SECRET:7',
    ]);
    expect(vars[0]!.defaultValue).toBe('http://localhost:3000');
  });
});
