/**
 * Build plugins for a fast first paint on a phone over 4G:
 * - `prerenderLanding`: index.html carries the landing page's markup (src/prerender.tsx, rendered
 *   with Vite's SSR loader during the build) and the entry CSS inline in a `<style>`, so the login
 *   form paints with the HTML, before the JavaScript; main.tsx hydrates it. `app.html`, the same page
 *   with the app shell (header bar, busy placeholder) instead of the landing page, is what the gateway
 *   serves for every other path, so a reload of /desktop never paints the login form.
 * - `precompress`: a brotli and a gzip copy of every text file of the build, which the gateway
 *   serves to browsers that accept them (gateway/src/plugins/web.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';

/** The root element of index.html and the marker the prerender puts on it. */
export const RootTag = '<div id="root"></div>';
export const PrerenderedAttribute = 'data-prerendered';

/**
 * index.html with the landing markup in its root and its stylesheet links replaced by their CSS.
 * Each inlined link stays as a disabled link (neither fetched nor applied): Vite's preload helper
 * skips a stylesheet that a link of the document already names, and the entry's CSS is in the
 * preload list of every lazy chunk (they import the entry's helpers). Without it the first lazy
 * route appended the entry's CSS again: a second fetch and parse of the same rules, and every
 * later style recalculation matched them twice.
 */
export function landingHtml(
  html: string,
  markup: string,
  cssOf: (href: string) => string | undefined,
): string {
  if (!html.includes(RootTag)) throw new Error(`prerender: index.html has no ${RootTag}`);
  return html
    .replace(/<link rel="stylesheet"[^>]*?href="([^"]+\.css)"[^>]*>/g, (link, href: string) => {
      const css = cssOf(href);
      // `</style` inside the CSS would end the element early; Vite's CSS never holds it.
      if (css === undefined || /<\/style/i.test(css)) return link;
      return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    })
    .replace(RootTag, () => `<div id="root" ${PrerenderedAttribute}="landing">${markup}</div>`);
}

/** Renders src/prerender.tsx's landing page with Vite's SSR module loader. */
async function renderLandingMarkup(root: string, mode: string): Promise<string> {
  const conditions = ['source', ...defaultClientConditions];
  // npm packages stay external and are loaded by Node: resolved as Node resolves them (rxjs's
  // browser build has extensionless imports Node cannot load).
  const serverConditions = ['source', ...defaultServerConditions];
  const server = await createServer({
    root,
    mode,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { conditions },
    ssr: { resolve: { conditions: serverConditions }, noExternal: [/^@sportsbook\//] },
    plugins: [react()],
  });
  try {
    const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderLanding(): string };
    return mod.renderLanding();
  } finally {
    await server.close();
  }
}

/** The page the gateway serves for a deep link (gateway/src/plugins/web.ts `AppShellFile`). */
export const AppShellFile = 'app.html';

/**
 * The app shell's markup, from the landing page's: the header bar with the brand and a busy
 * placeholder. A reload of /desktop paints it at once instead of the login form; main.tsx then
 * renders the app in its place.
 */
export function appShellMarkup(landingMarkup: string): string {
  const brand = /<span class="brand">.*?<\/span>/s.exec(landingMarkup)?.[0] ?? '';
  return `<header class="app-header">${brand}</header><main><p class="loading" role="status" aria-busy="true"></p></main>`;
}

/** index.html with the landing page, and app.html (the app shell) for every other path. */
export function prerenderLanding(): Plugin {
  let root = '';
  let mode = 'production';
  let outDir = '';
  let shell: string | undefined;
  return {
    name: 'sportsbook:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const markup = await renderLandingMarkup(root, mode);
        const page = landingHtml(html, markup, (href) => {
          const asset = ctx.bundle?.[href.replace(/^\//, '')];
          return asset?.type === 'asset' ? String(asset.source) : undefined;
        });
        const landingRoot = `<div id="root" ${PrerenderedAttribute}="landing">${markup}</div>`;
        shell = page.replace(
          landingRoot,
          () => `<div id="root" ${PrerenderedAttribute}="shell">${appShellMarkup(markup)}</div>`,
        );
        return page;
      },
    },
    writeBundle() {
      if (shell !== undefined) writeFileSync(join(outDir, AppShellFile), shell);
    },
  };
}

const Compressible = /\.(html|js|css|svg|json|txt|map)$/;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` worth compressing. */
export function compressDir(dir: string): number {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) {
      written += compressDir(path);
      continue;
    }
    if (!Compressible.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < 256) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sportsbook:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        compressDir(outDir);
      },
    },
  };
}
