// Security: hard-coded secrets (masked), auth and hardening libraries, sensitive settings, exposure.

import { isPackageKind } from '../../analyse/dependencies.ts';
import { factsOf } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';
import type { Analysis, SecretFinding, SecurityFact } from '../../analyse/types.ts';
import {
  actuatorExposure,
  EXPOSURE_KEY,
  djangoForms,
  isSensitive,
  ownFindings,
  ownPlaceholders,
  ownSamples,
  ownSecrets,
  productAuthCode,
  projectModel,
  userConfigVars,
} from '../model.ts';
import { productKeyRole } from '../../analyse/secrets.ts';

/**
 * "`SECRET_KEY` (hc/settings.py:68) falls back to a placeholder…": a sample value is no leaked
 * credential, so there is nothing to rotate; the risk is running production on it.
 */
function placeholderLine(xs: SecretFinding[]): string {
  const { keys, all } = ownKeys(xs);
  const named = joinSome(
    xs.map((s) => `${code(s.variable ?? '')} (${cite(s.file, s.line)})`),
    4,
  );
  return (
    `${named} ${agree(xs.length, 'falls', 'fall')} back to a placeholder or sample value written in the code. ` +
    `That is no leaked credential, but production must override it${when(
      keys.length,
      `; refusing to start outside debug mode when ${all ? agree(xs.length, 'it is', 'one is') : `${keys.map(code).join(' or ')} is`} unset or still the placeholder would be safer`,
    )}.`
  );
}

/**
 * The product's own keys among the variables (`SECRET_KEY`), all of them or only some: the advice to
 * refuse a placeholder is for those alone. A password it presents to a database or a service's API key
 * gives nothing away (see `productKeyRole`), and a check on it is no fix.
 */
function ownKeys(xs: SecretFinding[]): { keys: string[]; all: boolean } {
  const names = unique(xs.map((s) => s.variable ?? ''));
  const keys = names.filter((v) => productKeyRole(v));
  return { keys, all: keys.length === names.length };
}

/**
 * "The shipped sample env file sets `SECRET_KEY` to `---` (`docker/.env.example:56`)": a copy of
 * the sample runs on the placeholder, which a check for an unset variable does not catch.
 */
function sampleLine(xs: SecretFinding[]): string {
  const { keys, all } = ownKeys(xs);
  const files = unique(xs.map((s) => s.file));
  const values = joinSome(
    xs.map((s) => `${code(s.variable ?? '')} to ${code(s.masked)} (${cite(s.file, s.line)})`),
    4,
  );
  return (
    // each value's citation names its file, so the sentence does not name it again
    `The shipped sample env ${agree(files.length, 'file', 'files')} ${agree(files.length, 'sets', 'set')} ${values}. ` +
    `A deployment that copies ${agree(files.length, 'it', 'one')} as is runs on ${agree(xs.length, 'that placeholder', 'those placeholders')}` +
    when(
      keys.length,
      `; the product should refuse ${all ? agree(xs.length, 'it', 'them') : `the placeholder of ${keys.map(code).join(' and ')}`} outside debug mode, not only an unset variable`,
    ) +
    '.'
  );
}

// the framework's debug switch: on in production it shows stack traces and settings in error pages
const DEBUG_NAME = /^(?:[A-Z]+_)?DEBUG(?:_MODE)?$/;
const TRUTHY = /^['"]?(?:true|1|yes|on)['"]?$/i;

/** Debug switches the product reads that are on when the variable is unset. */
function debugOnByDefault(a: Analysis) {
  return userConfigVars(a).filter((e) => DEBUG_NAME.test(e.name) && TRUTHY.test(e.defaultValue ?? ''));
}

/** Sensitive settings the product reads from the environment (credentials by name, connection strings). */
function sensitiveVars(a: Analysis): string[] {
  const vars = userConfigVars(a).filter((e) => isSensitive(e) || /DATABASE_URL|DSN/i.test(e.name));
  return unique(vars.map((e) => e.name)).sort();
}

/** "Hard-coded fallback secret (`SECRET_KEY`)": the kind, with the variable it belongs to. */
function secretKind(s: SecretFinding): string {
  return s.variable ? `${text(s.kind)} (${code(s.variable)})` : text(s.kind);
}

/** The routes the product serves: an example app's routes are not the product's to guard. */
const ownRoutes = (a: Analysis) => a.routes.filter((r) => !r.area || r.area === 'product');

/** "its own authentication code: `HTTPBasicAuth` (auth.py:85) and `HTTPDigestAuth` (auth.py:124)" */
function authCodeList(found: { name: string; path: string; line: number }[], cited: boolean): string {
  return joinSome(
    found.map((s) => (cited ? `${code(s.name)} (${cite(s.path, s.line)})` : code(s.name))),
    4,
  );
}

/** Who the product's own authentication code is for: a library's users, or the product's own routes. */
function shipsAuth(a: Analysis): string {
  const kind = a.identity?.kind ?? '';
  return ['library', 'framework', 'plugin'].includes(kind)
    ? `The ${kind} ships authentication for its users to apply`
    : 'Access control is written in the product';
}

/**
 * How the product itself lets users and machine clients in: the login backends its settings list
 * and the functions that check an API key from a request header.
 */
export function ownAuthLine(a: Analysis): string | null {
  const backends = ownFacts(a, 'auth-backends').filter((x) => x.detail);
  const keys = ownFacts(a, 'api-key-header');
  const told: string[] = [];
  if (backends.length) {
    const [first] = backends;
    const names = first!.detail!.split(', ');
    const others = backends.slice(1);
    told.push(
      `Logins go through the authentication ${agree(names.length, 'backend', 'backends')} ${joinAnd(names.map(code))} (${cite(first!.file, first!.line)})${
        others.length
          ? `, which a setting can replace with ${joinAnd(others.flatMap((x) => x.detail!.split(', ')).map(code))} (${cite(others[0]!.file, others[0]!.line)})`
          : ''
      }.`,
    );
  }
  if (keys.length) {
    const header = keys[0]!.detail!;
    const checks = unique(keys.flatMap((x) => (x.within ? [x.within] : [])));
    told.push(
      `API clients send a key in the ${code(header)} header${
        checks.length
          ? `, checked by ${joinSome(
              checks.map((n) => code(`${n}()`)),
              4,
            )}`
          : ''
      } (${joinSome(
        // one place per checking function
        unique(
          keys
            .filter((x, i) => keys.findIndex((y) => y.within === x.within) === i)
            .map((x) => cite(x.file, x.line)),
        ),
        3,
      )}).`,
    );
  }
  const guards = ownFacts(a, 'access-guard').filter((x) => x.detail);
  if (guards.length) {
    const names = unique(guards.map((x) => x.detail!));
    const files = unique(guards.map((x) => x.file));
    told.push(
      `Views check access with the framework's ${joinAnd(names.map(code))}, ${plural(guards.length, 'time')} in ${plural(files.length, 'file')} (${joinSome(
        files.map((f) => {
          const first = guards.find((x) => x.file === f)!;
          return cite(first.file, first.line);
        }),
        3,
      )}).`,
    );
  }
  return told.length ? told.join(' ') : null;
}

/** The product's own security facts of one kind, in file and line order. */
const ownFacts = (a: Analysis, kind: SecurityFact['kind']) =>
  (a.securityFacts ?? []).filter((x) => x.kind === kind && (!x.area || x.area === 'product'));

// variables that name the CA bundle a client trusts instead of its default
const CA_VAR = /CA_BUNDLE|CA_CERTS?$|^SSL_CERT_(FILE|DIR)$|EXTRA_CA_CERTS/;

/** "TLS certificates are verified by default (…); the CA bundle comes from certifi.where() unless …". */
function tlsLines(a: Analysis): string[] {
  const out: string[] = [];
  // the client's own setting (`self.verify = True`) before a parameter's default
  const defaults = ownFacts(a, 'tls-verify-default');
  const verify = defaults.find((x) => /^(self|this)\./.test(x.detail ?? '')) ?? defaults[0];
  const bundle = ownFacts(a, 'ca-bundle')[0];
  const caVars = userConfigVars(a).filter((e) => CA_VAR.test(e.name));
  const override = unique(caVars.map((e) => e.name));
  if (verify) {
    const from = bundle
      ? `; the CA bundle comes from ${code(bundle.detail ?? '')} (${cite(bundle.file, bundle.line)})`
      : '';
    const over = override.length
      ? `${bundle ? ' unless' : '; '} ${joinSome(override.map(code), 3)} ${agree(override.length, 'names', 'name')} another (${cite(caVars[0]!.file, caVars[0]!.line)})`
      : '';
    const how = verify.detail ? `${code(verify.detail)}, ` : '';
    out.push(
      `TLS certificates are verified by default (${how}${cite(verify.file, verify.line)})${from}${over}.`,
    );
  }
  const off = ownFacts(a, 'tls-verify-off');
  if (off.length)
    out.push(
      off.every((x) => x.onlyWhen)
        ? `Certificate verification is switched off in product code only under a condition the code checks first: ${joinSome(
            off.map(
              (x) =>
                `${code(x.detail ?? '')} (${cite(x.file, x.line)}) when ${code(x.onlyWhen!.condition)} holds (${cite(x.file, x.onlyWhen!.line)})`,
            ),
            3,
          )}.`
        : `Certificate verification is switched off in product code: ${joinSome(
            off.map((x) => `${code(x.detail ?? '')} (${cite(x.file, x.line)})`),
            3,
          )}.`,
    );
  return out;
}

/** "Incoming webhooks are checked by signature: `stripe.webhooks.constructEvent` (route.ts:33), with `STRIPE_WEBHOOK_SECRET`." */
function webhookLine(a: Analysis): string | null {
  const checks = ownFacts(a, 'webhook-signature');
  if (!checks.length) return null;
  const secrets = unique(
    userConfigVars(a)
      .filter((e) => checks.some((c) => c.file === e.file) && isSensitive(e))
      .map((e) => e.name),
  );
  const withSecret = secrets.length ? `, keyed with ${joinSome(secrets.map(code), 2)}` : '';
  return `Incoming webhooks are authenticated by their signature before the event is used: ${joinSome(
    checks.map((c) => `${code(c.detail ?? '')} (${cite(c.file, c.line)})`),
    3,
  )}${withSecret}.`;
}

/** "`utils/supabase/admin.ts` builds its client with `SUPABASE_SERVICE_ROLE_KEY` (…), which bypasses row-level security; imported by …". */
function elevatedLine(a: Analysis): string | null {
  const uses = ownFacts(a, 'elevated-client');
  if (!uses.length) return null;
  const files = unique(uses.map((u) => u.file));
  const first = (f: string) => uses.find((u) => u.file === f)!;
  const importers = unique(
    a.imports
      .filter((i) => i.resolved && files.includes(i.resolved) && !files.includes(i.from))
      .map((i) => i.from),
  ).sort();
  const rls = uses.some((u) => /service_?role/i.test(u.detail ?? ''))
    ? ', which bypasses row-level security'
    : '';
  const by = importers.length
    ? ` Code that imports ${agree(files.length, 'it', 'them')} runs with those rights: ${joinSome(
        importers.map((p) => cite(p)),
        4,
      )}.`
    : '';
  return `${joinSome(
    files.map((f) => `${cite(f, first(f).line)} uses ${code(first(f).detail ?? '')}`),
    3,
  )}, a key with full database rights${rls}.${by}`;
}

// what each forwarded header stands in for
const HEADER_MEANS: Record<string, string> = {
  'X-Forwarded-For': 'address',
  'X-Real-IP': 'address',
  'X-Forwarded-Host': 'host',
  'X-Forwarded-Proto': 'scheme',
};

/**
 * Forwarded headers read as the proxy or platform in front writes them: "Only the platform adapters
 * take the client's address from proxy headers: `a.ts:60` takes the last `X-Forwarded-For` entry, …".
 */
function edgeLine(read: SecurityFact[]): string {
  const what = unique(read.map((h) => HEADER_MEANS[h.detail ?? ''] ?? 'address'));
  const either = what.length > 1 ? `${what.slice(0, -1).join(', ')} or ${what[what.length - 1]}` : what[0];
  const lead = read.every((h) => h.platform)
    ? `Only the platform adapters take the client's ${either} from proxy headers`
    : `The client's ${either} is taken from proxy headers as the proxy in front writes them`;
  const each = read
    .slice(0, 3)
    .map((h) =>
      h.lastHop
        ? `${cite(h.file, h.line)} takes the last ${code(h.detail ?? '')} entry, the one the proxy in front appends`
        : `${cite(h.file, h.line)} reads ${code(h.detail ?? '')} as the ${code(h.platform ?? '')} platform sets it`,
    );
  const more = read.length > 3 ? `; ${num(read.length - 3)} more read them the same way` : '';
  return `${lead}: ${each.join('; ')}${more}.`;
}

/** Cookie signing, proxy-header trust and error exposure, as a framework ships them to its users. */
function shippedLines(a: Analysis): string[] {
  const out: string[] = [];
  const cookies = ownFacts(a, 'signed-cookies')[0];
  if (cookies)
    out.push(
      `Cookies are signed with keys the user supplies (${code(cookies.detail ?? '')}, ${cite(cookies.file, cookies.line)}); they must be set and kept secret.`,
    );
  const read = ownFacts(a, 'forwarded-header');
  // the last entry of a forwarded list is the one the proxy in front appended, and a platform
  // adapter reads what that platform's edge writes: neither is the value a client sent
  const fromEdge = read.filter((h) => h.lastHop || h.platform);
  const headers = read.filter((h) => !h.lastHop && !h.platform);
  if (fromEdge.length) out.push(edgeLine(fromEdge));
  if (headers.length) {
    const names = unique(headers.map((h) => h.detail ?? '')).filter(Boolean);
    const at = joinSome(unique(headers.map((h) => cite(h.file, h.line))), 3);
    const sw = ownFacts(a, 'proxy-switch')[0];
    // a switch only governs the reads written beside it; any other read believes the header as sent
    const checked = headers.filter((h) => h.trustCheck);
    const trust =
      sw && headers.every((h) => h.guarded)
        ? `; trusting them is a setting (${cite(sw.file, sw.line)}${sw.detail === 'false' ? ', off by default' : sw.detail === 'true' ? ', on by default' : ''})`
        : checked.length === headers.length
          ? `; the code uses what they say only for a request that a check finds comes from a proxy it trusts (${joinSome(
              unique(checked.map((h) => cite(h.file, h.trustCheck))),
              3,
            )})`
          : '; a client can set them itself unless a proxy in front overwrites them';
    const what = unique(names.map((n) => HEADER_MEANS[n] ?? 'address'));
    const either = what.length > 1 ? `${what.slice(0, -1).join(', ')} or ${what[what.length - 1]}` : what[0];
    // a reader its authors retired for trusting forged headers, and what they point to instead
    const retired = headers.find((h) => h.deprecated)?.deprecated;
    const file = headers.find((h) => h.deprecated)?.file ?? '';
    const instead = retired?.instead.length
      ? `; they point to ${joinSome(retired.instead.map(code), 5)} instead`
      : '';
    const retiredText = retired
      ? ` The authors mark ${code(retired.name)} (${cite(file, retired.line)}) as deprecated because a client can spoof what it reads (${cite(file, retired.note)})${instead}.`
      : '';
    out.push(
      `The client's ${either} can come from proxy headers (${joinSome(names.map(code), 3)}, ${at})${trust}.${retiredText}`,
    );
  }
  const expose = ownFacts(a, 'error-exposure')[0];
  if (expose)
    out.push(
      `Only errors marked \`expose\` send their message to the client (${cite(expose.file, expose.line)}).`,
    );
  return out;
}

const FACT_LABEL: Record<SecurityFact['kind'], string> = {
  'tls-verify-default': 'TLS verification on by default',
  'tls-verify-off': 'TLS verification switched off',
  'ca-bundle': 'a CA bundle',
  'webhook-signature': 'a webhook signature check',
  'elevated-client': 'a client with elevated database rights',
  'signed-cookies': 'signed cookies',
  'proxy-switch': 'a proxy-trust setting',
  'forwarded-header': 'proxy headers read for the client address or scheme',
  'error-exposure': 'error messages exposed only when marked',
  'auth-backends': 'the authentication backends',
  'api-key-header': 'an API key read from a request header',
  'access-guard': "the framework's access checks on views",
};

/** "`management.endpoints.web.exposure.include=*` (…) exposes every enabled Actuator endpoint over HTTP". */
function exposureLine(a: Analysis, open: boolean): string | null {
  const setting = actuatorExposure(a);
  if (!setting) return null;
  const all = setting.value.split(',').some((v) => v.trim() === '*');
  const what = all
    ? 'exposes every enabled Actuator endpoint over HTTP (such as `/actuator/env`, `/actuator/heapdump` and `/actuator/beans`)'
    : `exposes the Actuator endpoints ${joinSome(
        setting.value.split(',').map((v) => code(v.trim())),
        5,
      )} over HTTP`;
  const guard = open ? ', and nothing guards them' : '';
  return `${code(`${EXPOSURE_KEY}=${setting.value}`)} (${cite(setting.file, setting.line)}) ${what}${guard}.`;
}

export const security = defineSection({
  kind: 'security',
  keywords: [
    'security',
    'authentication',
    'authorization',
    'authorisation',
    'threat model',
    'vulnerabilities',
    'secrets',
    'access control',
    'compliance',
    'privacy',
    'security review',
    'hardening',
  ],
  aspects: [
    ['authentication', 'auth'],
    ['authorization', 'auth'],
    ['authorisation', 'auth'],
    ['access control', 'auth'],
    ['secrets', 'secrets'],
    ['credentials', 'secrets'],
    ['supply chain', 'supply-chain'],
    ['dependencies', 'supply-chain'],
  ],
  evidence: [
    'secrets',
    'securityFacts',
    'config.settings',
    'dependencies (auth, security)',
    'envVars',
    'license',
  ],
  analyst(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    const own = ownSecrets(a);
    const sensitive = sensitiveVars(a);
    const placeholders = ownPlaceholders(a);
    // a placeholder fallback is the finding to lead with when no real-looking secret is there
    if (own.length)
      out.push(
        f(
          `${plural(own.length, 'likely hard-coded secret')} found (${joinSome(unique(own.map((s) => s.kind)), 3)}).`,
          own.slice(0, 4).map((s) => ref(s.file, s.line)),
          'secrets',
        ),
      );
    if (placeholders.length)
      out.push(
        f(
          `${joinSome(unique(placeholders.map((s) => text(s.variable ?? ''))), 3)} ${agree(placeholders.length, 'falls', 'fall')} back to a placeholder value in the code that production must override.`,
          placeholders.slice(0, 3).map((s) => ref(s.file, s.line)),
          'secrets',
        ),
      );
    const samples = ownSamples(a);
    if (samples.length)
      out.push(
        f(
          `A shipped sample env file sets ${joinSome(unique(samples.map((s) => text(s.variable ?? ''))), 3)} to a placeholder that a copied file would run on.`,
          samples.slice(0, 3).map((s) => ref(s.file, s.line)),
          'secrets',
        ),
      );
    if (!own.length && !placeholders.length && !samples.length)
      out.push(
        f(
          `No hard-coded secret is written into ${credentialsOutside(a) ? "the product's code" : 'the code base'}.`,
          [],
          'secrets',
        ),
      );
    if (fx.authLibs.length)
      out.push(
        f(
          `Authentication relies on ${joinSome(
            fx.authLibs.map((d) => text(d.name)),
            3,
          )}.`,
          fx.authLibs.slice(0, 3).map((d) => ref(d.manifest, d.line)),
          'auth',
        ),
      );
    else {
      const authCode = productAuthCode(a);
      const guards = (a.securityFacts ?? []).filter(
        (x) => x.kind === 'access-guard' && (!x.area || x.area === 'product'),
      );
      out.push(
        !authCode.length && guards.length
          ? f(
              `Views check access with the framework's ${joinAnd(unique(guards.map((x) => code(x.detail ?? ''))))}.`,
              guards.slice(0, 3).map((x) => ref(x.file, x.line)),
              'auth',
            )
          : authCode.length
            ? f(
                `${shipsAuth(a)}: ${authCodeList(authCode, false)}.`,
                authCode.slice(0, 3).map((s) => ref(s.path, s.line)),
                'auth',
              )
            : f(
                ownRoutes(a).length
                  ? `Neither an authentication library nor authentication code of the product's own guards the ${plural(ownRoutes(a).length, 'HTTP route')}.`
                  : 'No authentication library is used.',
                [],
                'auth',
              ),
      );
    }
    // what the code itself does about security: exposure, TLS, webhooks, elevated clients, cookies, proxies
    const shown = (a.securityFacts ?? []).filter(
      (x) => (!x.area || x.area === 'product') && x.kind !== 'ca-bundle' && x.kind !== 'proxy-switch',
    );
    if (shown.length)
      out.push(
        f(
          `The code shows ${joinSome(unique(shown.map((x) => FACT_LABEL[x.kind])), 4)}.`,
          shown.slice(0, 4).map((x) => ref(x.file, x.line)),
          'auth',
        ),
      );
    const exposure = exposureLine(a, false);
    if (exposure)
      out.push(
        f(
          'A framework setting exposes management endpoints over HTTP.',
          (a.config.settings ?? []).filter((x) => x.key === EXPOSURE_KEY).map((x) => ref(x.file, x.line)),
          'auth',
        ),
      );
    if (sensitive.length)
      out.push(
        f(
          `Sensitive settings come from the environment: ${joinSome(sensitive.map(text), 4)}.`,
          [],
          'secrets',
        ),
      );
    return out;
  },
  writer: writeSecurity,
});

/** Whether credential-shaped values sit outside the product (a test fixture's key, an example's token). */
function credentialsOutside(a: Analysis): boolean {
  const own = new Set(ownFindings(a));
  return a.secrets.some((s) => !own.has(s)) || !!a.testOnly?.secrets?.length;
}

export function writeSecurity(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const own = ownSecrets(a);
  if (!wants(ctx, 'secrets')) {
    // not this section's aspect
  } else if (own.length) {
    const found = `${plural(own.length, 'likely hard-coded secret')} ${agree(own.length, 'was', 'were')} found.`;
    parts.push(`${found} Values are masked here; each should be removed from the code and rotated.`);
    parts.push(
      table(
        ['Kind', 'Masked value', 'Location'],
        own.slice(0, 30).map((s) => [secretKind(s), code(s.masked), cite(s.file, s.line)]),
      ),
    );
    if (own.some((s) => s.kind === 'Hard-coded fallback secret'))
      parts.push(
        'A hard-coded fallback is what the product runs with whenever the variable is unset, ' +
          'so production must always set it; failing at start-up when it is missing is safer.',
      );
  } else if (!ownPlaceholders(a).length && !ownSamples(a).length)
    parts.push(
      sentence(
        'No hard-coded secret (API key, private key, token or password) is written into',
        // where a test fixture or an example holds a key, the claim is the product's, and they follow
        credentialsOutside(a)
          ? ` any of the product's ${plural(fx.productFiles.length, 'file')}`
          : ` any of the code base's ${plural(a.project.files, 'file')}`,
      ),
    );
  if (wants(ctx, 'secrets') && ownPlaceholders(a).length) parts.push(placeholderLine(ownPlaceholders(a)));
  if (wants(ctx, 'secrets') && ownSamples(a).length) parts.push(sampleLine(ownSamples(a)));
  const debug = debugOnByDefault(a);
  if (wants(ctx, 'secrets') && debug.length && ownRoutes(a).length)
    parts.push(
      `${joinSome(
        debug.map((e) => `${code(e.name)} (${cite(e.file, e.line)})`),
        2,
      )} ${agree(debug.length, 'defaults', 'default')} to ${code(debug[0]!.defaultValue!)} when unset: ` +
        `unless production sets ${agree(debug.length, 'it', 'them')}, the app runs in debug mode, whose error pages show internals to visitors.`,
    );
  const elsewhere = a.secrets.filter((s) => !ownFindings(a).includes(s) && !ownSamples(a).includes(s));
  if (wants(ctx, 'secrets') && elsewhere.length) {
    const byArea = new Map<string, SecretFinding[]>();
    for (const s of elsewhere) byArea.set(s.area!, [...(byArea.get(s.area!) ?? []), s]);
    const where = [...byArea.entries()].map(
      ([area, xs]) =>
        `${plural(xs.length, 'value')} in ${area} (${joinSome(unique(xs.map((s) => cite(s.file, s.line))), 2)})`,
    );
    parts.push(
      sentence(
        `Credential-shaped values outside the product: ${where.join('; ')}`,
        '; they are not part of what ships, but should not be real keys',
      ),
    );
  }
  const testSecrets = a.testOnly?.secrets ?? [];
  if (wants(ctx, 'secrets') && testSecrets.length) {
    const n = testSecrets.length;
    const where = joinSome(unique(testSecrets.map((s) => cite(s.file, s.line))), 3);
    parts.push(
      sentence(
        `${plural(n, 'further credential-shaped value')} ${agree(n, 'sits', 'sit')} in test code or fixtures (${where})`,
        `; as test data ${agree(n, 'it needs', 'they need')} no rotation`,
        `, provided ${agree(n, 'it is', 'they are')} not real keys`,
      ),
    );
  }
  const ownAuth = wants(ctx, 'auth') ? ownAuthLine(a) : null;
  if (ownAuth) parts.push(ownAuth);
  if (!wants(ctx, 'auth')) {
    // not this section's aspect
  } else if (fx.authLibs.length) {
    const libs = joinSome(
      fx.authLibs.map((d) => `${code(d.name)} ${code(d.version)} (${cite(d.manifest, d.line)})`),
      4,
    );
    // where the product authenticates through its own backends and key checks, the libraries serve
    // parts of it (a second factor, a token for another service), not the whole
    parts.push(
      ownAuth
        ? `Libraries declared for authentication work: ${libs}.`
        : `Authentication and credential handling use ${libs}.`,
    );
    const authCode = productAuthCode(a);
    if (authCode.length)
      parts.push(`The product's own authentication code: ${authCodeList(authCode, true)}.`);
  } else if (productAuthCode(a).length)
    parts.push(`${shipsAuth(a)}: ${authCodeList(productAuthCode(a), true)}.`);
  else if (ownAuth) {
    // the product's own checks were told: neither "no authentication" nor "every route is open"
  } else if (ownRoutes(a).length)
    parts.push(
      sentence(
        `No authentication library is declared, and no authentication code (login, token, permission or auth-scheme definitions) was found in the product, which serves ${plural(ownRoutes(a).length, 'HTTP route')}`,
        '; as written, every route is open to whoever can reach it',
      ),
    );
  else
    parts.push(
      // a library or framework controls no one's access itself: the applications built on it do
      isPackageKind(a)
        ? `It declares no authentication library and serves no HTTP route of its own: who may do what is decided by the applications built with it.`
        : `No authentication library is declared and no HTTP route is served, so there is no access control to review.`,
    );
  if (wants(ctx, 'auth')) {
    const openRoutes =
      !fx.authLibs.length && !productAuthCode(a).length && !ownAuth && ownRoutes(a).length > 0;
    const exposure = exposureLine(a, openRoutes);
    const facts = [
      ...(exposure ? [exposure] : []),
      ...tlsLines(a),
      ...[webhookLine(a), elevatedLine(a)].filter((x): x is string => !!x),
      ...shippedLines(a),
    ];
    if (facts.length) parts.push(facts.join(' '));
  }
  if (wants(ctx, 'auth') && fx.securityLibs.length)
    parts.push(`Hardening comes from ${joinSome(unique(fx.securityLibs.map((d) => d.name)).map(code), 5)}.`);
  // validation checks the shape of input; it is neither access control nor hardening
  const forms = djangoForms(a);
  if (wants(ctx, 'auth') && (fx.validationLibs.length || forms.length)) {
    const libs = unique(fx.validationLibs.map((d) => d.name)).map(code);
    const formText = forms.length
      ? `the form classes of ${plural(forms.length, '`forms.py` module')} (${joinSome(
          forms.map((p) => cite(p)),
          3,
        )})`
      : '';
    const layers = [joinSome(libs, 5), formText].filter((x) => x);
    parts.push(`Request input is validated with ${joinAnd(layers)}.`);
  }
  const sensitive = sensitiveVars(a);
  if (wants(ctx, 'secrets') && sensitive.length) {
    const withDefault = userConfigVars(a).filter(
      (e, i, all) =>
        sensitive.includes(e.name) &&
        !ownPlaceholders(a).some((s) => s.variable === e.name) &&
        (e.hasDefault || e.defaultValue !== undefined) &&
        all.findIndex((x) => x.name === e.name) === i,
    );
    const proxies = sensitive.some((n) => /proxy$/i.test(n))
      ? '; a proxy URL may carry `user:password@`'
      : '';
    const read = `Sensitive settings are read from the environment (${joinSome(sensitive.map(code), 5)})${proxies}.`;
    const defaulted = joinSome(
      withDefault.map((e) => `${code(e.name)} at ${cite(e.file, e.line)}`),
      3,
    );
    const fallback = sentence(
      ` ${defaulted} ${agree(withDefault.length, 'falls', 'fall')} back to a default in the code`,
      ', which would be used in production if the variable were missing',
    );
    parts.push(`${read}${when(withDefault.length, fallback)}`);
  }
  const notes: string[] = [];
  if (fx.looseDeps.length)
    notes.push(
      sentence(
        `${plural(fx.looseDeps.length, 'dependency', 'dependencies')} without an upper version bound`,
        ' can pull in a compromised release',
      ),
    );
  if (!fx.lockfiles.length && fx.runtimeDeps.length) notes.push('No lockfile pins transitive dependencies.');
  const exposed = a.containers.flatMap((c) => c.exposedPorts);
  if (exposed.length)
    notes.push(`Containers expose ${agree(exposed.length, 'port', 'ports')} ${unique(exposed).join(', ')}.`);
  const rootImages = a.containers.filter((c) => c.kind === 'dockerfile');
  if (rootImages.length)
    notes.push(
      `Check that ${joinSome(
        rootImages.map((c) => cite(c.path)),
        2,
      )} ${agree(rootImages.length, 'drops', 'drop')} root privileges with a \`USER\` line.`,
    );
  if (wants(ctx, 'supply-chain') && notes.length)
    parts.push(`Supply chain and deployment: ${notes.join(' ')}`);
  const licence = projectModel(a).licence;
  if (wants(ctx, 'supply-chain'))
    parts.push(licence.value ? licensed(licence.value) : `No licence was found in ${licence.checked}.`);
  return paragraphs(...parts);
}

/** "The code is licensed MIT (`LICENSE`)." — or says the licence file's text was not recognised. */
function licensed(license: NonNullable<Analysis['license']>): string {
  const which = license.spdx ? text(license.spdx) : 'under a licence that was not recognised';
  return `The code is licensed ${which} (${cite(license.path)}).`;
}
