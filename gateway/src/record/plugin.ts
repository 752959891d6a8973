/**
 * `app.recorder`: with `recordDir` set, a recorder of every upstream odds reply (RECORDING.md) that
 * the feed's pollers call after each reply; otherwise null. Closed (flushed) with the app.
 */
import fp from 'fastify-plugin';
import type { GatewayPluginOptions } from '../app.ts';
import { createRecorder, type Recorder } from './writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    recorder: Recorder | null;
  }
}

export const recordPlugin = fp<GatewayPluginOptions>(
  async (app, { config }) => {
    if (!config.recordDir) {
      app.decorate('recorder', null);
      return;
    }
    const log = app.log.child({ component: 'recorder' });
    const recorder = createRecorder({
      dir: config.recordDir,
      maxBytes: config.recordMaxBytes,
      maxAgeMs: config.recordMaxAgeMs,
      upstream: config.upstreamUrl,
      source: 'gateway',
      onError: (err) => log.error({ err, dir: config.recordDir }, 'odds recording failed'),
    });
    log.info({ dir: config.recordDir }, 'recording upstream odds replies');
    app.decorate('recorder', recorder);
    app.addHook('onClose', async () => recorder.close());
  },
  { name: 'recorder' },
);
