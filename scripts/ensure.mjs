#!/usr/bin/env node
// Makes a fresh clone runnable with one command: installs npm dependencies when they are missing
// or older than package-lock.json, and, for tests, Debian's chromium, redis-server and docker-compose
// when a test needs them and they are missing. Plain JavaScript on purpose: it runs before any dependency exists.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const mode = process.argv[2] ?? 'start';

function run(cmd) {
  console.log(`[ensure] ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

function depsStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

function* testFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function testsMention(needle) {
  for (const pkg of ['protocol', 'upstream-sim', 'gateway', 'web', 'scripts', 'testkit']) {
    for (const file of testFiles(join(root, pkg))) {
      if (readFileSync(file, 'utf8').includes(needle)) return true;
    }
  }
  return false;
}

function hasE2eTests() {
  const dir = join(root, 'web', 'e2e');
  return [...testFiles(dir)].length > 0;
}

function has(bin) {
  try {
    execSync(`command -v ${bin}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

// `npm install` (which keeps package-lock.json as it is) rather than `npm ci`: the registry here
// serves only this platform's build of packages like @biomejs/biome, and `npm ci` refuses a lock
// without the other platforms' optional builds.
if (depsStale()) run('npm install --no-audit --no-fund');

if (mode === 'test' || mode === 'bench') {
  const debs = [];
  // Browser tests (web/e2e) launch Debian's Chromium through a shared helper: any e2e test, or the
  // helper's use (`launchChromium`, or @sportsbook/testkit's `startStack({ chromium: true })`).
  const needsChromium = () =>
    testsMention('launchChromium') || testsMention('chromium: true') || hasE2eTests();
  if (!existsSync('/usr/bin/chromium') && needsChromium()) debs.push('chromium');
  // The tests' browser is its headless shell (testkit chromium.ts says why); the benches use chromium.
  if (!existsSync('/usr/bin/chromium-headless-shell') && needsChromium())
    debs.push('chromium-headless-shell');
  // Redis: @sportsbook/testkit's `startRedis`, or its `startStack({ redis: true })`.
  if (!has('redis-server') && (testsMention('startRedis') || testsMention('redis: true')))
    debs.push('redis-server');
  if (!has('docker-compose') && testsMention('dockerComposeConfig')) debs.push('docker-compose');
  if (mode === 'bench' && !existsSync('/usr/bin/chromium')) debs.push('chromium');
  if (debs.length > 0) {
    if (process.getuid?.() !== 0) {
      console.error(`[ensure] tests need ${debs.join(', ')}; install them with apt-get (root needed)`);
      process.exit(1);
    }
    run('apt-get update -qq');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${debs.join(' ')}`);
  }
}

// `npm start` with GATEWAY_PROCESSES > 1 and no REDIS_URL runs a local redis-server.
if (
  mode === 'start' &&
  Number(process.env.GATEWAY_PROCESSES ?? 1) > 1 &&
  !process.env.REDIS_URL &&
  !process.env.REDIS_SENTINELS &&
  !has('redis-server')
) {
  if (process.getuid?.() !== 0) {
    console.error(
      '[ensure] GATEWAY_PROCESSES > 1 needs redis-server (or REDIS_URL); install it with apt-get (root needed)',
    );
    process.exit(1);
  }
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server');
}
