/**
 * The default build without Vite's module preload links (`build.modulePreload: false`), to try with
 * `WEB_VITE_CONFIG=vite.nopreload.config.ts` (tools/buildWeb.ts; the Lighthouse bench builds
 * through it). A lazy route's import appended one `<link rel="modulepreload">` per chunk it needs,
 * about 40 on /desktop's load, inside React renders; without them the module loader fetches each
 * chunk as it finds its import, one round trip per level of imports, which only a run with
 * network throttling can weigh (CSS dependencies are still loaded by the helper).
 */
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

export default mergeConfig(base, { build: { modulePreload: false } });
