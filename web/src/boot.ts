/**
 * The page's entry script: it holds only the entry CSS (inlined into index.html by
 * tools/landingHtml.ts) and starts the app (main.tsx, its own chunk) once the browser has painted
 * the HTML, so a phone shows the prerendered landing page before any of the app's JavaScript is
 * fetched, evaluated or hydrated. `requestAnimationFrame` runs just before the first paint and the
 * timeout after it; a page loaded hidden (no frames) starts on the fallback timer.
 */
import './styles.css';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main.tsx');
}

requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
