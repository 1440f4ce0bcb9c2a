// JS needed for the first paint of `/`: the entry chunk, the home page's lazy chunk and every chunk
// they import statically (from Vite's build manifest), gzip-compressed at level 9 the way a CDN
// would send it. Chunks loaded after the first paint (zod with the contract, toasts, the popup)
// are printed separately so their growth is visible too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const name = 'first-paint JS of / (gzip)';
export const budget = { value: 120, unit: 'KB' };

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const homePage = 'src/features/market/pages/home-page.tsx';

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

export async function run() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const firstPaint = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    if (firstPaint.has(chunk.file)) return;
    firstPaint.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  visit(entry);
  visit(homePage);

  const files = [...firstPaint].filter((file) => file.endsWith('.js'));
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const allJs = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const later = allJs.map((file) => `assets/${file}`).filter((file) => !firstPaint.has(file));
  const laterKb = later.reduce((sum, file) => sum + gzipKb(file), 0);
  const listed = files.map((file) => `${path.basename(file)} ${gzipKb(file).toFixed(1)}`).join(', ');
  return {
    value: total,
    detail: `${files.length} files: ${listed}; ${later.length} lazy chunks after first paint ${laterKb.toFixed(1)} KB`,
  };
}
