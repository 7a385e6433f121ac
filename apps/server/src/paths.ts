// The server package's folder, from the sources (src/paths.ts) and from the production build
// (dist/*.js, chunks included) alike: both sit one level below it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
