import { startStack } from './support.ts';
const stack = await startStack();
try {
  const page = await (await stack.browser.newContext()).newPage();
  await page.goto(`${stack.gateway.url}/`);
  await page.getByLabel('Login ID').fill('demo04');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/desktop');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/desktop.png', fullPage: false });
  console.log(await page.getByRole('button', { name: 'Refresh balance' }).count(), await page.locator('header').first().innerHTML().catch(e => String(e)));
} finally { await stack.close(); }
