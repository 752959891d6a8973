/**
 * The launched game page: HTML in the member's language with the page's words as a JSON
 * data block (never executed, so the gateway's CSP holds), its script and style as separate files
 * under `static/` (relative URLs: the page works at `/games/<provider>/launch` on the simulator
 * and at `/api/games/<provider>/launch` through the gateway), and the notice pages of an expired
 * link or a provider in maintenance.
 */
import type { CatalogueGame } from './catalogue.ts';
import { GameScript } from './pageScript.ts';
import { type PageKey, pageStrings } from './strings.ts';
import { escapeXml } from './thumbs.ts';

/** JSON safe inside a <script type="application/json"> block. */
function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function shell(lang: string, title: string, bodyAttrs: string, main: string): string {
  return (
    `<!doctype html><html lang="${escapeXml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    // No favicon request (the browser would ask the gateway for /favicon.ico and log a 404).
    '<link rel="icon" href="data:,">' +
    `<title>${escapeXml(title)}</title><link rel="stylesheet" href="static/game.css"></head>` +
    `<body ${bodyAttrs}>${main}</body></html>`
  );
}

export function gamePageHtml(game: CatalogueGame, lang: string): string {
  const strings = pageStrings(lang);
  return shell(
    lang,
    game.name,
    `data-provider="${escapeXml(game.provider)}" data-kind="${game.rules.kind}" data-category="${game.category}" data-state="loading" style="--hue:${game.hue}"`,
    `<main id="app"><p class="notice">${escapeXml(strings.loading)}</p></main>` +
      `<script type="application/json" id="strings">${jsonBlock(strings)}</script>` +
      '<script src="static/game.js"></script>',
  );
}

export function noticePageHtml(
  lang: string,
  key: Extract<PageKey, 'expired' | 'maintenance' | 'notFound'>,
): string {
  const text = pageStrings(lang)[key];
  return shell(
    lang,
    text,
    `data-state="error"`,
    `<main id="app"><p class="notice" data-testid="notice">${escapeXml(text)}</p></main>`,
  );
}

export function gameScript(): string {
  return GameScript;
}

export function gameStyle(): string {
  return GameStyle;
}

const GameStyle = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#f5f5f5}
body{background:linear-gradient(160deg,hsl(var(--hue,150),55%,22%),hsl(calc(var(--hue,150) + 40),60%,10%));min-height:100vh}
main{max-width:1240px;margin:0 auto;padding:12px;display:flex;flex-direction:column;gap:12px}
header{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
h1{font-size:1.3rem;margin:0;flex:1 1 auto}
h2{font-size:1rem;margin:0 0 6px}
.wallet strong{font-size:1.2rem}
button{font:inherit;min-height:44px;min-width:44px;border-radius:8px;border:1px solid rgba(255,255,255,.35);background:rgba(0,0,0,.35);color:inherit;cursor:pointer;padding:6px 12px}
button:disabled{opacity:.45;cursor:default}
button.on{outline:3px solid #ffd54f;background:rgba(255,213,79,.2)}
.stage{background:rgba(0,0,0,.25);border-radius:12px;padding:12px;display:flex;flex-direction:column;gap:12px;align-items:center}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.chips{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.chip{border-radius:22px;background:#263238}
.play{background:#ffb300;color:#1b1b1b;font-weight:bold;padding:6px 28px;margin-left:auto}
.result{min-height:1.6em;font-size:1.2rem;font-weight:bold;margin:0;text-align:center}
.notice{font-size:1.1rem;text-align:center;padding:40px 12px}
.reels{display:grid;grid-template-columns:repeat(3,minmax(64px,110px));gap:8px}
.sym{background:#fff;color:#b71c1c;border-radius:10px;font-size:2.2rem;font-weight:bold;text-align:center;line-height:90px;height:90px}
.s-bar{color:#212121;font-size:1.5rem}.s-bell{color:#f9a825}.s-melon{color:#2e7d32}.s-plum{color:#6a1b9a}.s-lemon{color:#fbc02d}
.pays{display:flex;flex-wrap:wrap;gap:6px 14px;justify-content:center}.pays h2{width:100%;text-align:center}
.spots{display:flex;flex-wrap:wrap;gap:8px;justify-content:center}
.spot{display:flex;flex-direction:column;align-items:center;min-width:88px}
.spot .stake{font-size:.8rem;color:#ffd54f;min-height:1em}
.spot.red{background:rgba(183,28,28,.7)}.spot.black{background:rgba(20,20,20,.8)}.spot.blue{background:rgba(21,101,192,.7)}.spot.green,.spot.zero{background:rgba(46,125,50,.8)}
.numbers{display:grid;grid-template-columns:repeat(13,minmax(0,1fr));gap:4px;width:100%}
.numbers .spot{min-width:0}
.wheel{width:110px;height:110px;border-radius:50%;border:8px solid #d4af37;background:#1b5e20;font-size:2.4rem;font-weight:bold;display:flex;align-items:center;justify-content:center}
.wheel[data-color=red]{background:#b71c1c}.wheel[data-color=black]{background:#111}
.hands{display:flex;gap:24px;justify-content:center;flex-wrap:wrap}
.hand{min-width:150px;text-align:center;padding:8px;border-radius:10px}
.hand.won{outline:3px solid #ffd54f}
.cards{display:flex;gap:6px;justify-content:center;align-items:center;min-height:72px}
.card{background:#fff;color:#212121;border-radius:6px;width:48px;height:68px;display:inline-flex;align-items:center;justify-content:center;font-size:1.3rem;font-weight:bold}
.card.red{color:#c62828}
.arrow{font-size:1.5rem}
.dice{display:flex;gap:12px}
.die{background:#fff;color:#212121;border-radius:10px;width:64px;height:64px;display:inline-flex;align-items:center;justify-content:center;font-size:2rem;font-weight:bold}
.sea{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:8px;width:100%}
.spot.fish{background:rgba(2,119,189,.55);min-height:64px}
body[data-category=poker]{background:radial-gradient(ellipse at center,#2e7d32 0%,#1b5e20 45%,#0b2e13 100%)}
body[data-category=poker] .stage{border:6px solid #6d4c41;border-radius:120px/60px;padding:24px}
body[data-category=fishing]{background:linear-gradient(180deg,#4fc3f7 0%,#0277bd 35%,#01294a 100%)}
body[data-category=live] .stage{border:2px solid #d4af37}
.history{display:flex;flex-wrap:wrap;gap:6px 16px;padding-left:20px;margin:0}
@media (max-width:640px){main{padding:8px}.numbers{grid-template-columns:repeat(6,minmax(0,1fr))}.sym{line-height:70px;height:70px;font-size:1.8rem}.play{width:100%;margin-left:0}}
`;
