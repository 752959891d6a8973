import { readFileSync } from 'node:fs';
import { parseMarketData, normalizeMarket, diffModel, createHasher, stateHash, type Model } from '@sportsbook/protocol';
const replies = JSON.parse(readFileSync('/tmp/fanprof/replies.json', 'utf8')) as string[];
const steps = { parse: 0, validate: 0, normalize: 0, diff: 0, hash: 0 };
const ROUNDS = Number(process.env.ROUNDS ?? 15);
let check = '';
for (let round = 0; round < ROUNDS; round++) {
  let prev: Model | undefined;
  let hasher: ReturnType<typeof createHasher> | undefined;
  for (const text of replies) {
    let t = performance.now();
    const body = JSON.parse(text); const t1 = performance.now();
    const parsed = parseMarketData(body.data) as any; const t2 = performance.now();
    const next = normalizeMarket(parsed.value) as unknown as Model; const t3 = performance.now();
    if (!prev || !hasher) { prev = next; hasher = createHasher(next); continue; }
    const ops = diffModel(prev, next); const t4 = performance.now();
    hasher.apply(ops, next); const t5 = performance.now();
    if (round >= 3) { steps.parse += t1 - t; steps.validate += t2 - t1; steps.normalize += t3 - t2; steps.diff += t4 - t3; steps.hash += t5 - t4; }
    prev = next;
  }
  if (round === 0) check = hasher!.value + ' ' + stateHash(prev!);
}
const n = (ROUNDS - 3) * (replies.length - 1);
console.log(check, Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, (v / n).toFixed(2)])), 'total', (Object.values(steps).reduce((a, b) => a + b) / n).toFixed(2), 'ms/poll');
