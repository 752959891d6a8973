import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { expandPhoneMedia, PhoneMediaName } from './src/shared/phoneQuery.ts';
import { formatReport, landingReport } from './tools/budget.ts';
import { precompress, prerenderLanding } from './tools/landingHtml.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Prints the landing page's gzipped JS after every build (the budget test fails past it). */
function landingBudget(): Plugin {
  let outDir = '';
  return {
    name: 'sportsbook:landing-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const report = landingReport(outDir);
      this.info(`\n${formatReport(report)}`);
      if (!report.withinBudget) this.warn('landing JS is over its budget');
    },
  };
}

/**
 * `@media (--phone)` in the app's CSS becomes src/shared/phoneQuery.ts's PhoneQuery, the query JS
 * reads too: one definition of the phone layout.
 */
function phoneMedia(): Plugin {
  return {
    name: 'sportsbook:phone-media',
    enforce: 'pre',
    transform: {
      filter: { id: /\.css(\?.*)?$/ },
      handler(code) {
        return code.includes(`(${PhoneMediaName})`) ? { code: expandPhoneMedia(code), map: null } : null;
      },
    },
  };
}

/**
 * Marks protocol's schema builders, constant fractions and array maps as pure, so the bundler can drop the ones
 * the browser never reads: protocol is shared with the servers and declares every schema at module
 * level (`const X = Type.Object(...)`), which a bundler otherwise keeps because a call might have side
 * effects. Only protocol's own source is touched.
 */
function pureProtocolDeclarations(): Plugin {
  // Comments and strings are matched first and kept as they are.
  const token =
    /(\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`)|(?<![\w.$])(Type\.[A-Za-z]+\(|Compile\(|new Fraction\(|[A-Za-z_$][\w$]*\.map\()/g;
  return {
    name: 'sportsbook:pure-protocol-declarations',
    enforce: 'pre',
    transform: {
      filter: {
        id: /([\\/]protocol[\\/]src[\\/].*\.ts|[\\/]node_modules[\\/](typebox|fraction\.js)[\\/].*\.m?js)$/,
      },
      handler(code, id) {
        // Neither protocol nor TypeBox does anything on import: a module none of whose exports is
        // used can go entirely.
        if (!/[\\/]protocol[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
        const out = code
          .replace(token, (match, skipped: string | undefined, call: string | undefined) =>
            skipped !== undefined || call === undefined ? match : `/* @__PURE__ */ ${call}`,
          )
          // A schema's `pattern:` built from a template: interpolation might call toString, so the
          // bundler keeps it (and with it all of TypeBox) unless it runs inside a pure call.
          .replace(/pattern:\s*(`[^`]*\$\{[^`]*`)/g, 'pattern: /* @__PURE__ */ (() => $1)()');
        return { code: out, map: null, moduleSideEffects: false };
      },
    },
  };
}

export default defineConfig({
  root,
  // protocol is TypeScript source: its package exports a `source` condition.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // prerenderLanding and precompress: the landing page paints before its JS (tools/landingHtml.ts).
  plugins: [
    phoneMedia(),
    pureProtocolDeclarations(),
    react(),
    landingBudget(),
    prerenderLanding(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // protocol's modules and typebox only declare things; without this the barrel file
        // (protocol/src/index.ts) would pull every schema and the TypeBox compiler into the landing JS.
        // Reading a property of protocol's plain constant objects (spreads of schema fields) has no effect.
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    // `npm run dev` talks to a running gateway (npm start) for /api and /ws.
    proxy: {
      '/api': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080',
      '/ws': {
        target: (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/^http/, 'ws'),
        ws: true,
      },
    },
  },
});
