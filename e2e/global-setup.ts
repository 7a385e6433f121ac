// Builds the web app once before the browser tests, as `npm start` does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build; test what `npm start` serves.
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
