// The clients of one service made in several places are found together, each with what it is given.
import { describe, expect, it } from 'vitest';
import { serviceClients, serviceOf } from './clients.ts';
import { fileModel } from './index.ts';

const deps = new Set(['@acme/ssr', '@acme/acme-js', 'left-pad']);
const dependency = (m: string) => deps.has(m);

describe('serviceClients()', () => {
  it('finds one service made in two ways, with the credentials and cookies its arguments read', () => {
    const models = [
      fileModel(
        'lib/server.ts',
        'TypeScript',
        [
          "import { createServerClient } from '@acme/ssr';",
          "import { cookies } from 'next/headers';",
          'export const createClient = () =>',
          '  createServerClient<Db>(',
          '    process.env.ACME_URL!,',
          '    process.env.ACME_ANON_KEY!,',
          '    { cookies: { get: (n: string) => cookies().get(n) } }',
          '  );',
        ].join('\n'),
      ),
      fileModel(
        'lib/admin.ts',
        'TypeScript',
        [
          "import { createClient } from '@acme/acme-js';",
          'const admin = createClient(process.env.ACME_URL || "", process.env.ACME_SERVICE_ROLE_KEY || "");',
        ].join('\n'),
      ),
      // a factory of a package the product does not declare is not followed
      fileModel(
        'lib/other.ts',
        'TypeScript',
        "import { createClient } from 'redis';\nconst r = createClient();",
      ),
    ];
    expect(serviceClients(models, dependency)).toEqual([
      {
        service: 'acme',
        factory: 'createClient',
        module: '@acme/acme-js',
        path: 'lib/admin.ts',
        line: 2,
        credentials: ['ACME_SERVICE_ROLE_KEY'],
      },
      {
        service: 'acme',
        factory: 'createServerClient',
        module: '@acme/ssr',
        path: 'lib/server.ts',
        line: 4,
        credentials: ['ACME_ANON_KEY'],
        cookies: true,
      },
    ]);
  });

  it('says nothing of a client made one way, however often', () => {
    const one = (p: string) =>
      fileModel(
        p,
        'TypeScript',
        "import { createClient } from '@acme/acme-js';\nconst c = createClient(process.env.ACME_KEY);",
      );
    expect(serviceClients([one('a.ts'), one('b.ts')], dependency)).toEqual([]);
  });

  it('names a service by its scope', () => {
    expect(serviceOf('@supabase/ssr')).toBe('supabase');
    expect(serviceOf('redis')).toBe('redis');
  });
});
