import fp from 'fastify-plugin';
import type { GatewayPluginOptions } from '../app.ts';

/** The call proxy under /api. Being built (issue 5). */
export const proxyPlugin = fp<GatewayPluginOptions>(async () => {}, {
  name: 'proxy',
  dependencies: ['metrics', 'upstream'],
});
