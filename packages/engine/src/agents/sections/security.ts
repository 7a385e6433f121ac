// Security: hard-coded secrets (masked), auth and hardening libraries, sensitive settings, exposure.

import { factsOf } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinSome,
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
import type { Analysis } from '../../analyse/types.ts';

/** The routes the product serves: an example app's routes are not the product's to guard. */
const ownRoutes = (a: Analysis) => a.routes.filter((r) => !r.area || r.area === 'product');

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
  evidence: ['secrets', 'dependencies (auth, security)', 'envVars', 'license'],
  analyst(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    out.push(
      a.secrets.length
        ? f(
            `${plural(a.secrets.length, 'likely hard-coded secret')} found (${joinSome(unique(a.secrets.map((s) => s.kind)), 3)}).`,
            a.secrets.slice(0, 4).map((s) => ref(s.file, s.line)),
            'secrets',
          )
        : f('No hard-coded secrets were detected.', [], 'secrets'),
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
    else
      out.push(
        f(
          ownRoutes(a).length
            ? `No authentication library guards the ${plural(ownRoutes(a).length, 'HTTP route')}.`
            : 'No authentication library is used.',
          [],
          'auth',
        ),
      );
    if (fx.secretEnvVars.length)
      out.push(
        f(
          `Sensitive settings come from the environment: ${joinSome(fx.secretEnvVars.map(text), 4)}.`,
          [],
          'secrets',
        ),
      );
    return out;
  },
  writer: writeSecurity,
});

export function writeSecurity(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  if (!wants(ctx, 'secrets')) {
    // not this section's aspect
  } else if (a.secrets.length) {
    const found = `${plural(a.secrets.length, 'likely hard-coded secret')} ${agree(a.secrets.length, 'was', 'were')} found.`;
    parts.push(`${found} Values are masked here; each should be removed from the code and rotated.`);
    parts.push(
      table(
        ['Kind', 'Masked value', 'Location'],
        a.secrets.slice(0, 30).map((s) => [text(s.kind), code(s.masked), cite(s.file, s.line)]),
      ),
    );
  } else
    parts.push(
      sentence(
        'No hard-coded secrets (API keys, private keys, tokens, passwords) were detected',
        ` in the ${plural(a.project.files, 'file')} scanned`,
      ),
    );
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
  if (!wants(ctx, 'auth')) {
    // not this section's aspect
  } else if (fx.authLibs.length)
    parts.push(
      `Authentication and credential handling use ${joinSome(
        fx.authLibs.map((d) => `${code(d.name)} ${code(d.version)} (${cite(d.manifest, d.line)})`),
        4,
      )}.`,
    );
  else if (ownRoutes(a).length)
    parts.push(
      sentence(
        `No authentication library is declared, yet the project serves ${plural(ownRoutes(a).length, 'HTTP route')}`,
        '; access control, if any, is hand-written',
      ),
    );
  else
    parts.push(
      `No authentication library is declared and no HTTP route is served, so there is no access control to review.`,
    );
  if (wants(ctx, 'auth') && fx.securityLibs.length)
    parts.push(
      `Input validation and hardening come from ${joinSome(
        fx.securityLibs.map((d) => code(d.name)),
        5,
      )}.`,
    );
  if (wants(ctx, 'secrets') && fx.secretEnvVars.length) {
    const withDefault = fx.codeEnvVars.filter(
      (e) => fx.secretEnvVars.includes(e.name) && e.defaultValue !== undefined,
    );
    const read = `Sensitive settings are read from the environment (${joinSome(fx.secretEnvVars.map(code), 5)}).`;
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
  if (!fx.lockfiles.length && a.dependencies.length) notes.push('No lockfile pins transitive dependencies.');
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
  if (wants(ctx, 'supply-chain')) parts.push(a.license ? licensed(a.license) : 'There is no licence file.');
  return paragraphs(...parts);
}

/** "The code is licensed MIT (`LICENSE`)." — or says the licence file's text was not recognised. */
function licensed(license: NonNullable<Analysis['license']>): string {
  const which = license.spdx ? text(license.spdx) : 'under a licence that was not recognised';
  return `The code is licensed ${which} (${cite(license.path)}).`;
}
