// Security facts come from lines of product code, never from comments, tests or a library's name;
// configuration files are the tools' and the framework's, never git's, an editor's or an example's.
import { describe, expect, it } from 'vitest';
import { configPass } from './config.ts';
import { languagesPass } from './languages.ts';
import { securityFactsPass, spoofDeprecation } from './security-facts.ts';
import { sourcesFromMap } from './sources.ts';

const facts = (files: Record<string, string>) => {
  const src = sourcesFromMap(files);
  return securityFactsPass(src, languagesPass(src).files);
};
const kinds = (xs: ReturnType<typeof facts>) => xs.map((x) => [x.kind, x.file, x.line, x.detail]);

describe('security facts the code shows', () => {
  it('an HTTP client: TLS verified by default, its CA bundle, and verification switched off', () => {
    const xs = facts({
      'pkg/sessions.py': [
        'class Session:',
        '    def __init__(self):',
        '        # verify = False would accept any certificate',
        '        self.verify = True',
      ].join('\n'),
      'pkg/adapters.py': 'from certifi import where\nDEFAULT_CA_BUNDLE_PATH = where()\n',
      'cmd/fetch.go': 'package main\nvar c = &tls.Config{InsecureSkipVerify: true}\n',
      'tests/test_tls.py': 'def test_x():\n    get(url, verify=False)\n',
    });
    // the comment on line 3 and the test's `verify=False` are not code the product ships
    expect(kinds(xs)).toHaveLength(3);
    expect(kinds(xs)).toEqual(
      expect.arrayContaining([
        ['ca-bundle', 'pkg/adapters.py', 2, 'DEFAULT_CA_BUNDLE_PATH'],
        ['tls-verify-default', 'pkg/sessions.py', 4, 'self.verify = True'],
        ['tls-verify-off', 'cmd/fetch.go', 2, 'InsecureSkipVerify: true'],
      ]),
    );
  });

  it("a Django site: views guarded by the framework's decorators and mixins, not by a comment", () => {
    const xs = facts({
      'news/views.py': [
        'from django.contrib.auth.decorators import login_required, permission_required',
        '',
        '# @login_required is not needed here',
        '@login_required',
        '@permission_required("news.change_feed", raise_exception=True)',
        'def edit_feed(request):',
        '    pass',
        '',
        'class Mine(LoginRequiredMixin, ListView):',
        '    pass',
      ].join('\n'),
    });
    expect(kinds(xs)).toEqual([
      ['access-guard', 'news/views.py', 4, 'login_required'],
      ['access-guard', 'news/views.py', 5, 'permission_required'],
      ['access-guard', 'news/views.py', 9, 'LoginRequiredMixin'],
    ]);
  });

  it('a payments app: the webhook signature check and the service-role client', () => {
    const xs = facts({
      'app/api/webhooks/route.ts': [
        'const secret = process.env.STRIPE_WEBHOOK_SECRET;',
        'event = stripe.webhooks.constructEvent(body, sig, secret);',
      ].join('\n'),
      'utils/admin.ts': "const db = createClient(url, process.env.SUPABASE_SERVICE_ROLE_KEY || '');\n",
    });
    expect(kinds(xs)).toEqual([
      ['webhook-signature', 'app/api/webhooks/route.ts', 2, 'webhooks.constructEvent'],
      ['elevated-client', 'utils/admin.ts', 1, 'SUPABASE_SERVICE_ROLE_KEY'],
    ]);
  });

  it('a framework: signed-cookie keys, the proxy switch, forwarded headers guarded or not, error exposure', () => {
    const xs = facts({
      'lib/application.js':
        'this.proxy = options.proxy || false\nif (options.keys) this.keys = options.keys\n',
      'lib/context.js': [
        'const cookies = new Cookies(req, res, {',
        '  keys: this.app.keys,',
        '})',
        'const msg = err.expose ? err.message : code',
      ].join('\n'),
      'lib/request.js': [
        'const proxy = this.app.proxy',
        "let host = proxy && this.get('X-Forwarded-Host')",
        '',
        '',
        '',
        "const ip = headers.get('HTTP_X_FORWARDED_FOR')",
      ].join('\n'),
    });
    expect(kinds(xs)).toEqual([
      ['proxy-switch', 'lib/application.js', 1, 'false'],
      ['signed-cookies', 'lib/context.js', 2, 'keys: this.app.keys'],
      ['error-exposure', 'lib/context.js', 4, undefined],
      ['forwarded-header', 'lib/request.js', 2, 'X-Forwarded-Host'],
      ['forwarded-header', 'lib/request.js', 6, 'X-Forwarded-For'],
    ]);
    const headers = xs.filter((x) => x.kind === 'forwarded-header');
    expect(headers.map((h) => !!h.guarded)).toEqual([true, false]);
  });

  it('an error message that names the signing call signs no cookie', () => {
    const xs = facts({
      'lib/response.js': [
        'res.cookie = function (name, value, options) {',
        '  if (signed && !secret) {',
        '    throw new Error(\'cookieParser("secret") required for signed cookies\');',
        '  }',
        '};',
      ].join('\n'),
      'lib/app.js': "app.use(cookieParser('keyboard cat'))\n",
    });
    expect(kinds(xs)).toEqual([['signed-cookies', 'lib/app.js', 1, "cookieParser('"]]);
  });

  it('a forwarded list read for its last entry, and a header read in a platform adapter', () => {
    const xs = facts({
      'src/adapter/aws-lambda/conninfo.ts': [
        "const xff = c.req.header('x-forwarded-for')",
        'if (xff) {',
        "  const ips = xff.split(',')",
        '  address = ips[ips.length - 1].trim()',
        '}',
      ].join('\n'),
      'src/adapter/vercel/conninfo.ts': "export const ip = (c) => c.req.header('x-real-ip')\n",
      'lib/ip.js': "const first = req.get('X-Forwarded-For').split(',')[0]\n",
    }).filter((x) => x.kind === 'forwarded-header');
    expect(xs.map((h) => [h.file, !!h.lastHop, h.platform])).toEqual([
      ['src/adapter/aws-lambda/conninfo.ts', true, 'aws-lambda'],
      ['src/adapter/vercel/conninfo.ts', false, 'vercel'],
      ['lib/ip.js', false, undefined],
    ]);
  });
});

describe('checks made before a header is believed or verification is skipped', () => {
  it('a forwarded header read after a trust check, and TLS verification skipped only under an option', () => {
    const found = facts({
      'lib/request.js': [
        "defineGetter(req, 'protocol', function protocol() {",
        "  var proto = this.connection.encrypted ? 'https' : 'http';",
        "  var trust = this.app.get('trust proxy fn');",
        '  if (!trust(this.connection.remoteAddress, 0)) {',
        '    return proto;',
        '  }',
        "  var header = this.get('X-Forwarded-Proto') || proto;",
        '  return header;',
        '});',
        "defineGetter(req, 'host', function host() {",
        "  var val = this.get('X-Forwarded-Host');",
        '  if (!val || !trust(this.socket.remoteAddress, 0)) {',
        "    val = this.get('Host');",
        '  }',
        '  return val;',
        '});',
        "defineGetter(req, 'ip', function ip() {",
        "  return this.get('X-Real-IP');",
        '});',
      ].join('\n'),
      'fetch/builder.go': [
        'package fetch',
        '',
        'func (r *Builder) transport() *http.Transport {',
        '\tt := &http.Transport{}',
        '\tif r.ignoreTLSErrors {',
        '\t\tt.TLSClientConfig = &tls.Config{',
        '\t\t\tInsecureSkipVerify: true,',
        '\t\t}',
        '\t}',
        '\treturn t',
        '}',
      ].join('\n'),
    });
    const headers = found.filter((f) => f.kind === 'forwarded-header');
    expect(headers.map((h) => `${h.detail}:${h.line} ${h.trustCheck ?? '-'}`)).toEqual([
      'X-Forwarded-Proto:7 4',
      'X-Forwarded-Host:11 12',
      'X-Real-IP:18 -',
    ]);
    expect(found.find((f) => f.kind === 'tls-verify-off')?.onlyWhen).toEqual({
      condition: 'r.ignoreTLSErrors',
      line: 5,
    });
  });
});

describe('configuration files', () => {
  const paths = (files: Record<string, string>) =>
    configPass(sourcesFromMap(files)).files.map((c) => [c.path, c.kind]);

  it('tool configs are configuration; git and editor files are not; pyproject only with tool tables', () => {
    expect(
      paths({
        '.gitignore': 'dist\n',
        '.gitattributes': '* text=auto\n',
        '.editorconfig': 'root = true\n',
        '.coveragerc': '[run]\n',
        '.pre-commit-config.yaml': 'repos: []\n',
        'tox.ini': '[tox]\n',
        'rustfmt.toml': 'edition = "2021"\n',
        '.cargo/config.toml': '[alias]\n',
        'pyproject.toml': '[project]\nname = "x"\n[tool.pytest.ini_options]\n[tool.ruff]\n',
        'other/pyproject.toml': '[project]\nname = "y"\n',
        'docker/uwsgi.ini': '[uwsgi]\n',
        'Cross.toml': '[build.env]\npassthrough = ["X"]\n',
        'Cargo.toml': '[package]\nname = "x"\n[profile.release]\nlto = true\n[profile.dev.package."*"]\n',
        'crates/y/Cargo.toml': '[package]\nname = "y"\n',
      }),
    ).toEqual([
      ['.coveragerc', 'Python tooling'],
      ['.pre-commit-config.yaml', 'pre-commit hooks'],
      ['tox.ini', 'Python tooling'],
      ['rustfmt.toml', 'lint/format'],
      ['.cargo/config.toml', 'Rust tooling'],
      ['pyproject.toml', 'tool settings (pytest, ruff)'],
      ['docker/uwsgi.ini', 'process manager'],
      ['Cross.toml', 'cross-compilation'],
      ['Cargo.toml', 'Cargo build profiles (release)'],
    ]);
  });

  it('Spring property files give their settings, and each application-<name> file a profile', () => {
    const config = configPass(
      sourcesFromMap({
        'src/main/resources/application.properties':
          '# Actuator\nmanagement.endpoints.web.exposure.include=*\nspring.jpa.open-in-view=false\n',
        'src/main/resources/application-mysql.properties':
          'spring.datasource.url=${MYSQL_URL:jdbc:mysql://x}\n',
        'src/main/resources/application-prod.yml':
          'spring:\n  profiles:\n    active: prod\nserver:\n  port: 8443\n',
        'src/test/resources/application.properties': 'spring.main.banner-mode=off\n',
      }),
    );
    expect(config.profiles).toEqual([
      { name: 'mysql', file: 'src/main/resources/application-mysql.properties' },
      { name: 'prod', file: 'src/main/resources/application-prod.yml' },
    ]);
    expect(config.settings!.map((s) => [s.key, s.value, s.line])).toEqual([
      ['management.endpoints.web.exposure.include', '*', 2],
      ['spring.jpa.open-in-view', 'false', 3],
      ['spring.datasource.url', '${MYSQL_URL:jdbc:mysql://x}', 1],
      ['spring.profiles.active', 'prod', 3],
      ['server.port', '8443', 5],
    ]);
  });
});

describe('retired header readers', () => {
  it('finds the function its doc comment deprecates for spoofing, with the names it points to', () => {
    const text = [
      'package mw',
      '',
      '// RealIP sets RemoteAddr from the headers.',
      '//',
      '// Deprecated: RealIP is vulnerable to IP spoofing.',
      '// Use [FromXFF] or `FromHeader` instead.',
      'func RealIP(h Handler) Handler {',
      '\treturn h',
      '}',
      '',
      '// Deprecated: use New.',
      'func Old() {}',
    ].join('\n');
    expect(spoofDeprecation(text)).toEqual({
      name: 'RealIP',
      line: 7,
      note: 5,
      instead: ['FromXFF', 'FromHeader'],
    });
    expect(spoofDeprecation('// Deprecated: use New.\nfunc Old() {}\n')).toBeUndefined();
  });
});

describe('how the product lets users and machine clients in', () => {
  it('finds the login backends a Django settings file lists and the functions that check an API key header', () => {
    const found = facts({
      'app/settings.py': [
        'AUTHENTICATION_BACKENDS = [',
        '    "app.accounts.backends.EmailBackend",',
        '    "app.accounts.backends.ProfileBackend",',
        ']',
      ].join('\n'),
      'app/api/decorators.py': [
        'import json',
        '',
        'def authorize(f):',
        '    def wrapper(request):',
        '        if "X-Api-Key" in request.headers:',
        '            api_key = request.headers["X-Api-Key"]',
        '        return f(request)',
        '    return wrapper',
      ].join('\n'),
    });
    expect(found.filter((x) => x.kind === 'auth-backends').map((x) => [x.detail, x.line])).toEqual([
      ['EmailBackend, ProfileBackend', 1],
    ]);
    expect(found.filter((x) => x.kind === 'api-key-header').map((x) => [x.detail, x.within, x.line])).toEqual(
      [
        ['X-Api-Key', 'authorize', 5],
        ['X-Api-Key', 'authorize', 6],
      ],
    );
  });
});
