// Access control: what the product ships or writes itself is reviewed, not only what a library does.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { bareLibraryAnalysis, sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { writeKnownIssues } from './known-issues.ts';
import { ownAuthLine, writeSecurity } from './security.ts';
import { djangoForms, productAuthCode } from '../model.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 1, title: 'Security', kind: 'security', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

function library(): Analysis {
  const a = bareLibraryAnalysis();
  a.identity = {
    kind: 'library',
    nonProduct: [{ path: 'examples/', role: 'examples' }],
  } as unknown as Analysis['identity'];
  a.symbols.push(
    { path: 'lib/auth.js', name: 'HTTPBasicAuth', kind: 'class', line: 85, exported: true },
    { path: 'lib/auth.js', name: 'basicAuthFailed', kind: 'function', line: 30, exported: false },
    { path: 'lib/auth.js', name: 'BasicAuthOptions', kind: 'interface', line: 5, exported: true },
    { path: 'examples/app.js', name: 'requireLogin', kind: 'function', line: 3, exported: true },
  );
  return a;
}

describe('authentication code of the product', () => {
  it('names what a library ships for its users, exported definitions only, never an example', () => {
    expect(productAuthCode(library()).map((s) => s.name)).toEqual(['HTTPBasicAuth']);
    const out = writeSecurity(ctx(library()));
    expect(out).toContain('The library ships authentication for its users to apply: `HTTPBasicAuth`');
    expect(out).not.toMatch(/No authentication library is declared/);
  });

  it('leaves out a quota on messages the product sends, which grants no access', () => {
    const a = library();
    a.symbols.push(
      { path: 'lib/models.py', name: 'authorize_sms', kind: 'method', line: 304, exported: true },
      { path: 'lib/models.py', name: 'authorizeCall', kind: 'method', line: 327, exported: true },
      { path: 'lib/models.py', name: 'authorize_login_password', kind: 'method', line: 340, exported: true },
    );
    expect(productAuthCode(a).map((s) => s.name)).toEqual(['HTTPBasicAuth', 'authorize_login_password']);
  });

  it('puts a type named for the request or options it carries, which checks nobody, after the code that does', () => {
    const a = library();
    a.symbols.push(
      { path: 'lib/authn.py', name: 'AuthenticatedRequest', kind: 'class', line: 3, exported: true },
      { path: 'lib/authn.py', name: 'TokenAuthBackend', kind: 'class', line: 9, exported: true },
      { path: 'lib/authn.py', name: 'authenticate', kind: 'method', line: 10, exported: true },
      // a name that only ends like one is still a check
      { path: 'lib/authn.py', name: 'authorizeRequest', kind: 'function', line: 20, exported: true },
    );
    expect(productAuthCode(a).map((s) => s.name)).toEqual([
      'HTTPBasicAuth',
      'TokenAuthBackend',
      'authenticate',
      'authorizeRequest',
      'AuthenticatedRequest',
    ]);
  });

  it('tells the Django forms that validate page input beside a schema library', () => {
    const a = library();
    a.frameworks.push({
      name: 'Django',
      category: 'web',
      role: 'web-framework',
      evidence: 'requirements.txt:3',
    });
    a.files.push(
      { path: 'hc/front/forms.py', size: 900, language: 'Python', code: 40, comment: 0, blank: 0 },
      { path: 'hc/accounts/forms.py', size: 900, language: 'Python', code: 40, comment: 0, blank: 0 },
      {
        path: 'hc/accounts/tests/forms.py',
        size: 90,
        language: 'Python',
        code: 4,
        comment: 0,
        blank: 0,
        role: 'tests',
      },
    );
    a.symbols.push(
      { path: 'hc/front/forms.py', name: 'LaxURLField', kind: 'class', line: 22, exported: true },
      { path: 'hc/front/forms.py', name: 'NameTagsForm', kind: 'class', line: 32, exported: true },
      { path: 'hc/accounts/forms.py', name: 'SignupForm', kind: 'class', line: 9, exported: true },
      { path: 'hc/accounts/tests/forms.py', name: 'FakeForm', kind: 'class', line: 1, exported: true },
    );
    expect(djangoForms(a)).toEqual(['hc/accounts/forms.py', 'hc/front/forms.py']);
    // without Django a `forms.py` is just a file name
    expect(djangoForms(library())).toEqual([]);
  });

  it('says a library without any has no access control to review', () => {
    const out = writeSecurity(ctx(bareLibraryAnalysis()));
    expect(out).toContain('no access control to review');
  });

  it('tells an application with routes and no auth of any kind that its routes are open', () => {
    const a = sampleAppAnalysis();
    a.dependencies = a.dependencies.filter((d) => d.name !== 'jsonwebtoken');
    a.symbols = a.symbols.filter((s) => !/auth/i.test(s.name));
    const out = writeSecurity(ctx(a));
    expect(out).toMatch(
      /no authentication code \(.*\) was found in the product, which serves \d+ HTTP routes/,
    );
  });
});

describe('what the code shows about security', () => {
  const dep = (name: string, manifest = 'pom.xml') =>
    ({
      ecosystem: 'maven',
      name,
      version: '',
      scope: 'runtime',
      manifest,
      line: 3,
    }) as Analysis['dependencies'][0];

  function springApp(): Analysis {
    const a = sampleAppAnalysis();
    a.dependencies = [
      dep('org.springframework.boot:spring-boot-starter-actuator'),
      dep('org.springframework.boot:spring-boot-starter-validation'),
    ];
    a.symbols = a.symbols.filter((s) => !/auth/i.test(s.name));
    a.config.settings = [
      { key: 'management.endpoints.web.exposure.include', value: '*', file: 'app.properties', line: 19 },
    ];
    return a;
  }

  it('reads the framework exposure setting before saying what is open; validation is no hardening', () => {
    const out = writeSecurity(ctx(springApp()));
    expect(out).toContain(
      '`management.endpoints.web.exposure.include=*` (`app.properties:19`) exposes every enabled Actuator endpoint over HTTP',
    );
    expect(out).toContain('and nothing guards them');
    expect(out).toContain(
      'Request input is validated with `org.springframework.boot:spring-boot-starter-validation`.',
    );
    expect(out).not.toMatch(/hardening|Authentication and credential handling use/);
    // without the actuator the setting opens nothing, so nothing is said
    const bare = springApp();
    bare.dependencies = bare.dependencies.filter((d) => !/actuator/.test(d.name));
    expect(writeSecurity(ctx(bare))).not.toMatch(/Actuator/);
  });

  it('Known Issues carries the open Actuator the security chapter found, once and pointed to', () => {
    expect(writeKnownIssues(ctx(springApp()))).toContain(
      'Every enabled Actuator endpoint is exposed over HTTP (`app.properties:19`; see the security findings).',
    );
    const narrow = springApp();
    narrow.config.settings![0]!.value = 'health,info';
    expect(writeKnownIssues(ctx(narrow))).not.toMatch(/Actuator/);
  });

  it('an HTTP client: TLS verification by default, its CA bundle and the variables that override it', () => {
    const a = library();
    a.securityFacts = [
      { kind: 'tls-verify-default', file: 'pkg/adapters.py', line: 133, detail: 'verify = True' },
      { kind: 'tls-verify-default', file: 'pkg/sessions.py', line: 478, detail: 'self.verify = True' },
      { kind: 'ca-bundle', file: 'pkg/adapters.py', line: 54, detail: 'DEFAULT_CA_BUNDLE_PATH' },
    ];
    a.envVars = [
      { name: 'REQUESTS_CA_BUNDLE', file: 'pkg/sessions.py', line: 857, class: 'config', area: 'product' },
      { name: 'CURL_CA_BUNDLE', file: 'pkg/sessions.py', line: 858, class: 'config', area: 'product' },
    ];
    expect(writeSecurity(ctx(a))).toContain(
      'TLS certificates are verified by default (`self.verify = True`, `pkg/sessions.py:478`); the CA bundle comes from `DEFAULT_CA_BUNDLE_PATH` (`pkg/adapters.py:54`) unless `REQUESTS_CA_BUNDLE` and `CURL_CA_BUNDLE` name another (`pkg/sessions.py:857`).',
    );
  });

  it('a payments app: the webhook signature check with its secret, and who runs with service-role rights', () => {
    const a = sampleAppAnalysis();
    a.securityFacts = [
      { kind: 'webhook-signature', file: 'app/hook.ts', line: 33, detail: 'webhooks.constructEvent' },
      { kind: 'elevated-client', file: 'utils/admin.ts', line: 17, detail: 'SUPABASE_SERVICE_ROLE_KEY' },
    ];
    a.envVars.push({
      name: 'STRIPE_WEBHOOK_SECRET',
      file: 'app/hook.ts',
      line: 27,
      class: 'config',
      sensitive: true,
    });
    a.imports.push(
      { from: 'app/hook.ts', specifier: '@/utils/admin', resolved: 'utils/admin.ts', line: 2 },
      { from: 'utils/pay.ts', specifier: '../admin', resolved: 'utils/admin.ts', line: 1 },
    );
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      'Incoming webhooks are authenticated by their signature before the event is used: `webhooks.constructEvent` (`app/hook.ts:33`), keyed with `STRIPE_WEBHOOK_SECRET`.',
    );
    expect(out).toContain(
      '`utils/admin.ts:17` uses `SUPABASE_SERVICE_ROLE_KEY`, a key with full database rights, which bypasses row-level security. Code that imports it runs with those rights: `app/hook.ts` and `utils/pay.ts`.',
    );
  });

  it('a framework: signed-cookie keys, and proxy headers trusted only where the switch guards every read', () => {
    const a = library();
    a.securityFacts = [
      { kind: 'signed-cookies', file: 'lib/context.js', line: 167, detail: 'keys: this.app.keys' },
      { kind: 'proxy-switch', file: 'lib/application.js', line: 75, detail: 'false' },
      {
        kind: 'forwarded-header',
        file: 'lib/request.js',
        line: 253,
        detail: 'X-Forwarded-Host',
        guarded: true,
      },
    ];
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      'Cookies are signed with keys the user supplies (`keys: this.app.keys`, `lib/context.js:167`)',
    );
    expect(out).toContain(
      "The client's host can come from proxy headers (`X-Forwarded-Host`, `lib/request.js:253`); trusting them is a setting (`lib/application.js:75`, off by default)",
    );
    a.securityFacts.push({ kind: 'forwarded-header', file: 'lib/ip.js', line: 9, detail: 'X-Forwarded-For' });
    expect(writeSecurity(ctx(a))).toContain(
      'a client can set them itself unless a proxy in front overwrites them',
    );
  });

  it('a header read only after a trust check is no client-set value; TLS skipped under an option says so', () => {
    const a = library();
    a.securityFacts = [
      {
        kind: 'forwarded-header',
        file: 'lib/request.js',
        line: 309,
        detail: 'X-Forwarded-Proto',
        trustCheck: 304,
      },
      {
        kind: 'tls-verify-off',
        file: 'fetch/builder.go',
        line: 7,
        detail: 'InsecureSkipVerify: true',
        onlyWhen: { condition: 'r.ignoreTLSErrors', line: 5 },
      },
    ];
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      'the code uses what they say only for a request that a check finds comes from a proxy it trusts (`lib/request.js:304`)',
    );
    expect(out).not.toContain('a client can set them itself');
    expect(out).toContain(
      'Certificate verification is switched off in product code only under a condition the code checks first: `InsecureSkipVerify: true` (`fetch/builder.go:7`) when `r.ignoreTLSErrors` holds (`fetch/builder.go:5`).',
    );
  });

  it('a library with no authentication and no routes leaves access control to the applications built with it', () => {
    const a = library();
    a.securityFacts = [];
    a.symbols = a.symbols.filter((x) => x.path !== 'lib/auth.js');
    expect(writeSecurity(ctx(a))).toContain(
      'It declares no authentication library and serves no HTTP route of its own: who may do what is decided by the applications built with it.',
    );
  });

  it('a forwarded header read as the platform or proxy in front writes it is no client-set value', () => {
    const a = library();
    a.securityFacts = [
      {
        kind: 'forwarded-header',
        file: 'src/adapter/aws-lambda/conninfo.ts',
        line: 60,
        detail: 'X-Forwarded-For',
        lastHop: true,
        platform: 'aws-lambda',
      },
      {
        kind: 'forwarded-header',
        file: 'src/adapter/vercel/conninfo.ts',
        line: 6,
        detail: 'X-Real-IP',
        platform: 'vercel',
      },
    ];
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      "Only the platform adapters take the client's address from proxy headers: `src/adapter/aws-lambda/conninfo.ts:60` takes the last `X-Forwarded-For` entry, the one the proxy in front appends; `src/adapter/vercel/conninfo.ts:6` reads `X-Real-IP` as the `vercel` platform sets it.",
    );
    expect(out).not.toContain('a client can set them itself');
    // a read outside the adapters that takes the list as sent is still told as client-set
    a.securityFacts.push({ kind: 'forwarded-header', file: 'lib/ip.js', line: 9, detail: 'X-Forwarded-For' });
    const mixed = writeSecurity(ctx(a));
    expect(mixed).toContain('a client can set them itself unless a proxy in front overwrites them');
    expect(mixed).toContain('`lib/ip.js:9`');
  });

  it('says which header reader its authors retired as open to spoofing, and what they point to instead', () => {
    const a = library();
    a.securityFacts = [
      {
        kind: 'forwarded-header',
        file: 'mw/realip.go',
        line: 13,
        detail: 'X-Real-IP',
        deprecated: { name: 'RealIP', line: 28, note: 20, instead: ['ClientIPFromXFF', 'GetClientIP'] },
      },
    ];
    expect(writeSecurity(ctx(a))).toContain(
      'The authors mark `RealIP` (`mw/realip.go:28`) as deprecated because a client can spoof what it reads (`mw/realip.go:20`); they point to `ClientIPFromXFF` and `GetClientIP` instead.',
    );
  });

  it('a placeholder in a shipped sample env file is told with the fix, not as a value outside the product', () => {
    const a = sampleAppAnalysis();
    a.secrets = [
      {
        kind: 'Placeholder secret in a sample env file',
        file: 'docker/.env.example',
        line: 56,
        masked: '---',
        variable: 'SECRET_KEY',
        area: 'deployment',
      },
    ];
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      'The shipped sample env file sets `SECRET_KEY` to `---` (`docker/.env.example:56`). A deployment that copies it as is runs on that placeholder; the product should refuse it outside debug mode, not only an unset variable.',
    );
    expect(out).not.toMatch(/outside the product|No hard-coded secret/);
  });

  it("asks to refuse only the product's own key, never a password it presents to a database", () => {
    const a = sampleAppAnalysis();
    const placeholder = (
      kind: 'Placeholder secret in a sample env file' | 'Placeholder fallback secret',
      variable: string,
      file: string,
      line: number,
    ) => ({ kind, file, line, masked: 'fixme', variable, area: 'deployment' as const });
    a.secrets = [
      placeholder('Placeholder secret in a sample env file', 'DB_PASSWORD', 'docker/.env.example', 7),
      placeholder('Placeholder secret in a sample env file', 'SECRET_KEY', 'docker/.env.example', 56),
    ];
    expect(writeSecurity(ctx(a))).toContain(
      'runs on those placeholders; the product should refuse the placeholder of `SECRET_KEY` outside debug mode, not only an unset variable.',
    );
    a.secrets = [
      {
        ...placeholder('Placeholder fallback secret', 'MYSQL_PASS', 'application-mysql.properties', 5),
        area: 'product',
      },
    ];
    const out = writeSecurity(ctx(a));
    expect(out).toContain(
      '`MYSQL_PASS` (`application-mysql.properties:5`) falls back to a placeholder or sample value written in the code. That is no leaked credential, but production must override it.',
    );
    expect(out).not.toMatch(/refus/);
  });
});

describe("the product's own way in", () => {
  it('names the login backends and the API key checks, one place per check', () => {
    const a = sampleAppAnalysis();
    a.securityFacts = [
      { kind: 'auth-backends', file: 'app/settings.py', line: 10, detail: 'EmailBackend, ProfileBackend' },
      {
        kind: 'api-key-header',
        file: 'app/api/decorators.py',
        line: 20,
        detail: 'X-Api-Key',
        within: 'authorize',
      },
      {
        kind: 'api-key-header',
        file: 'app/api/decorators.py',
        line: 21,
        detail: 'X-Api-Key',
        within: 'authorize',
      },
    ];
    expect(ownAuthLine(a)).toBe(
      'Logins go through the authentication backends `EmailBackend` and `ProfileBackend` (`app/settings.py:10`). API clients send a key in the `X-Api-Key` header, checked by `authorize()` (`app/api/decorators.py:20`).',
    );
    a.securityFacts = [];
    expect(ownAuthLine(a)).toBeNull();
  });

  it("names the framework's access checks on views, and never calls the routes open", () => {
    const a = sampleAppAnalysis();
    a.frameworks = [];
    a.dependencies = [];
    a.symbols = a.symbols.filter((s) => !/auth|login|token|permission/i.test(s.name));
    a.routes = [
      { method: 'ANY', path: '/feeds/', framework: 'Django', file: 'news/urls.py', line: 3, area: 'product' },
    ] as Analysis['routes'];
    a.securityFacts = [
      { kind: 'access-guard', file: 'news/views.py', line: 4, detail: 'login_required', area: 'product' },
      {
        kind: 'access-guard',
        file: 'news/views.py',
        line: 5,
        detail: 'permission_required',
        area: 'product',
      },
      { kind: 'access-guard', file: 'shop/views.py', line: 9, detail: 'login_required', area: 'product' },
    ];
    expect(ownAuthLine(a)).toBe(
      "Views check access with the framework's `login_required` and `permission_required`, 3 times in 2 files (`news/views.py:4` and `shop/views.py:9`).",
    );
    const out = writeSecurity(ctx(a));
    expect(out).toContain("Views check access with the framework's");
    expect(out).not.toMatch(/every route is open|No authentication library is declared/);
  });
});
