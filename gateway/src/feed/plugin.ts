import fp from 'fastify-plugin';
import type { GatewayPluginOptions } from '../app.ts';

/** The odds feed: shared pollers, topics, websocket hub at /ws. Being built (issue 4). */
export const feedPlugin = fp<GatewayPluginOptions>(async () => {}, {
  name: 'feed',
  dependencies: ['metrics', 'upstream'],
});
