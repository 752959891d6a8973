/**
 * @sportsbook/testkit: everything a test needs to run against the real parts, and nothing
 * production imports. `startStack` starts the simulator, a gateway, and on request Redis and
 * Chromium; the rest are the pieces (one Redis, one gateway process, one browser, one wire client)
 * and HTTP helpers. `startInjectStack` is the route tests' variant: a
 * gateway app driven by `app.inject`, not listening. Per-area presets: `@sportsbook/testkit/feed`, `/proxy`, `/sim`.
 */
export {
  ChromiumFlags,
  ChromiumPath,
  launchChromium,
  sharedChromium,
  TestChromiumFlags,
  TestChromiumPath,
} from './chromium.ts';
export { type ClientOptions, FeedTestClient, login, type TopicState } from './feedClient.ts';
export { type GatewayProcess, startGatewayProcess, startGatewayProcesses } from './gatewayProcess.ts';
export {
  gatewayMetric,
  type Json,
  type JsonAnswer,
  loginAt,
  postJson,
  requestId,
  simCalls,
  type TestSession,
} from './http.ts';
export {
  buildTestGateway,
  type GatewayApp,
  type InjectedReply,
  type InjectStack,
  inject,
  injectedMetric,
  injectJson,
  injectLogin,
  startInjectStack,
} from './inject.ts';
export { freePort, type RunningRedis, startRedis } from './redis.ts';
export {
  closeRedis,
  connectRedis,
  type Redis,
  RedisHealth,
  type RunningSentinelGroup,
  type SentinelNode,
  startSentinelGroup,
} from './sentinel.ts';
export { removeServerBundles, type ServerSource, serverBundle } from './serverBundle.ts';
export { AdminToken, type Stack, type StackOf, type StackOptions, simAdmin, startStack } from './stack.ts';
