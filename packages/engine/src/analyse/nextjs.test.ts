import { describe, expect, it } from 'vitest';
import { dependenciesPass } from './dependencies.ts';
import { languagesPass } from './languages.ts';
import { buildResolveContext, moduleGraphPass } from './module-graph.ts';
import { appRoutePath, nextRendering, pagesRoutePath, routeHandlerMethods } from './nextjs.ts';
import { routesPass } from './routes.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';

function routesOf(files: Record<string, string>): string[] {
  const src = sourcesFromMap(files);
  const lang = languagesPass(src);
  const sym = symbolsPass(src, lang.files);
  const ctx = buildResolveContext(src, dependenciesPass(src).manifests);
  moduleGraphPass(lang.files, sym.imports, ctx);
  return routesPass(src, lang.files, sym.imports, ctx)
    .map((r) => `${r.method} ${r.path} ${r.file}:${r.line}${r.handler ? ` ${r.handler}` : ''}`)
    .sort();
}

const NEXT = '{ "dependencies": { "next": "14.2.3", "react": "18" } }';
const PAGE = 'export default function Home() {\n  return null;\n}\n';

describe('Next.js file-system routes', () => {
  it('App Router: pages, route handlers by exported method, groups dropped, slots, private folders and non-default extensions ignored', () => {
    const routes = routesOf({
      'package.json': NEXT,
      'app/layout.tsx': 'export default function RootLayout({ children }) {\n  return children;\n}\n',
      'app/page.tsx': PAGE,
      'app/(marketing)/about/page.tsx': PAGE,
      'app/signin/[id]/page.tsx': 'export default async function SignIn() {}\n',
      'app/docs/[...slug]/page.mdx': '# Docs\n',
      'app/api/webhooks/route.ts':
        "import x from 'y';\n\nexport async function POST(req: Request) {\n  return x(req);\n}\nexport const GET = () => 1;\n",
      'app/api/auth/[...nextauth]/route.ts':
        'const handler = NextAuth({});\nexport { handler as GET, handler as POST };\n',
      'app/@modal/(.)photo/[id]/page.tsx': PAGE,
      'app/dashboard/@analytics/page.tsx': PAGE,
      'app/_components/page.tsx': PAGE,
      'app/lib/helpers.ts': 'export const GET = 1;\n',
    });
    expect(routes).toEqual([
      'GET / app/page.tsx:1 Home',
      'GET /about app/(marketing)/about/page.tsx:1 Home',
      'GET /api/auth/[...nextauth] app/api/auth/[...nextauth]/route.ts:2 GET',
      'GET /api/webhooks app/api/webhooks/route.ts:6 GET',
      'GET /signin/[id] app/signin/[id]/page.tsx:1 SignIn',
      'POST /api/auth/[...nextauth] app/api/auth/[...nextauth]/route.ts:2 POST',
      'POST /api/webhooks app/api/webhooks/route.ts:3 POST',
    ]);
  });

  it('Pages Router under src/: pages and API routes, index folded, _app and _document left out', () => {
    const routes = routesOf({
      'web/package.json': '{ "devDependencies": { "next": "13" } }',
      'web/src/pages/index.tsx': PAGE,
      'web/src/pages/_app.tsx': 'export default function App() {}\n',
      'web/src/pages/_document.tsx': 'export default function Doc() {}\n',
      'web/src/pages/blog/[slug].tsx': 'function Post() {}\nexport default Post;\n',
      'web/src/pages/api/users/index.ts': 'export default function handler(req, res) {}\n',
    });
    expect(routes).toEqual([
      'ANY /api/users web/src/pages/api/users/index.ts:1 handler',
      'GET / web/src/pages/index.tsx:1 Home',
      'GET /blog/[slug] web/src/pages/blog/[slug].tsx:2 Post',
    ]);
  });

  it('only in a project that depends on next: an app/ folder alone routes nothing', () => {
    expect(
      routesOf({ 'package.json': '{ "dependencies": { "react": "18" } }', 'app/page.tsx': PAGE }),
    ).toEqual([]);
  });

  it('maps folders and files to URL paths', () => {
    expect(appRoutePath([])).toBe('/');
    expect(appRoutePath(['(shop)', 'cart', '[[...rest]]'])).toBe('/cart/[[...rest]]');
    expect(appRoutePath(['feed', '(..)photo'])).toBeNull();
    expect(pagesRoutePath('404.tsx')).toBeNull();
    expect(pagesRoutePath('docs/index.jsx')).toBe('/docs');
    expect(pagesRoutePath('util.test.ts')).toBeNull();
    expect(routeHandlerMethods('// GET\nexport function helper() {}\n')).toEqual([]);
  });
});

describe('nextRendering', () => {
  it('splits an App Router project into server components, client components and server actions', () => {
    const files = {
      'package.json': JSON.stringify({ dependencies: { next: '14.2.3' } }),
      'app/layout.tsx': 'export default function RootLayout({ children }) { return children }\n',
      'app/page.tsx': 'export default async function Page() { return null }\n',
      'app/api/hook/route.ts': 'export async function POST() {}\n',
      'components/Pricing.tsx': "// pricing table\n'use client';\nexport default function Pricing() {}\n",
      'utils/stripe/server.ts':
        "/* billing */\n'use server';\n\nexport async function checkoutWithStripe() {}\nexport async function createStripePortal() {}\nfunction helper() {}\n",
      // a directive that is not the first statement is a string, not a directive
      'utils/late.ts': "import x from 'y';\n'use server';\nexport async function nope() {}\n",
    };
    const src = sourcesFromMap(files);
    const r = nextRendering(src, Object.keys(files))!;
    expect(r.serverComponents).toEqual(['app/layout.tsx', 'app/page.tsx']);
    expect(r.clientComponents).toEqual(['components/Pricing.tsx']);
    expect(r.serverActions).toEqual([
      { path: 'utils/stripe/server.ts', line: 2, names: ['checkoutWithStripe', 'createStripePortal'] },
    ]);
  });

  it('finds server actions that answer with a URL whose query string a helper fills, and who reads it', () => {
    const files = {
      'package.json': JSON.stringify({ dependencies: { next: '14.2.3' } }),
      'app/layout.tsx': 'export default function RootLayout({ children }) { return children }\n',
      'utils/url.ts': [
        'const withMessage = (path: string, key: string, message: string) => {',
        '  return `${path}?${key}=${encodeURIComponent(message)}`;',
        '};',
        'export const errorUrl = (path: string, message: string) => withMessage(path, "error", message);',
        'export const plainUrl = (path: string) => path;',
      ].join('\n'),
      'utils/auth.ts': [
        "'use server';",
        "import { errorUrl, plainUrl } from './url';",
        'export async function signIn(form: FormData) {',
        '  const failed = !form.get("email");',
        '  return failed ? errorUrl("/signin", "No email.") : "/";',
        '}',
        'export async function signOut() {',
        '  return errorUrl("/", "Signed out.");',
        '}',
        'export async function goTo(path: string) {',
        '  return plainUrl(path);',
        '}',
      ].join('\n'),
      'components/Toaster.tsx': [
        "'use client';",
        "import { useSearchParams } from 'next/navigation';",
        'export function Toaster() {',
        '  const searchParams = useSearchParams();',
        "  const error = searchParams.get('error');",
        '  return error;',
        '}',
      ].join('\n'),
    };
    const r = nextRendering(sourcesFromMap(files), Object.keys(files))!;
    expect(r.redirects).toEqual({
      actions: ['signIn', 'signOut'],
      helpers: [{ name: 'errorUrl', path: 'utils/url.ts', line: 4 }],
      readers: [{ path: 'components/Toaster.tsx', line: 5 }],
    });
  });

  it('says nothing for a project without next', () => {
    const src = sourcesFromMap({ 'package.json': '{}', 'app/page.tsx': "'use client'\n" });
    expect(nextRendering(src, ['app/page.tsx'])).toBeNull();
  });
});
