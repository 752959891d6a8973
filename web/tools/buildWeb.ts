/** A production build of the app, for the tests that need one (the JavaScript budget, end-to-end). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** Builds into `outDir` in production mode (Vitest's NODE_ENV=test would build React for development). */
export async function buildWeb(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      // WEB_VITE_CONFIG: another config file of web/ (a build change tried out before it becomes the default).
      configFile: join(webRoot, process.env.WEB_VITE_CONFIG ?? 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
