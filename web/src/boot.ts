/**
 * The page's entry script: it holds only the entry CSS (inlined into index.html by
 * tools/landingHtml.ts) and starts the app once the browser has painted the HTML, so a phone shows
 * the prerendered landing page (or the app shell) before any of the app's JavaScript is fetched,
 * evaluated or hydrated. `requestAnimationFrame` runs just before the first paint and the timeout
 * after it; a page loaded hidden (no frames) starts on the fallback timer.
 *
 * The app's modules are loaded in stages, a task each: a module graph brought in by one `import()`
 * is evaluated in one go, and the whole app at once was one long task on a phone (all of React,
 * the router, i18next, XState and the app's machines), which blocks input and counts in full
 * towards Lighthouse's Total Blocking Time. Each stage's libraries are evaluated when it arrives,
 * the next stage is asked for in the task after, and main.tsx's `startApp` (reading the stored
 * layout, i18next's set-up, the render) runs in a task of its own too.
 */
import './styles.css';

/** Resolves in a later task, so what follows does not extend the current one. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * React, then i18next with the English texts, then the session and preferences machines (XState);
 * main.tsx brings the rest (the router, the routes, the landing page). App modules, not packages:
 * a package imported whole here would keep all its exports (no tree-shaking of a namespace import).
 */
const stages: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('./shared/i18n/index.ts'),
  () => import('./app/contexts.ts'),
];

async function load(): Promise<void> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  const { startApp } = await import('./main.tsx');
  await nextTask();
  startApp();
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void load();
}

requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
