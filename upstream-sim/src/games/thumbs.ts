/**
 * Generated SVG thumbnails (320x240): a gradient in the game's hue, a drawing of its kind (reels,
 * cards, a wheel, dice, a fish), its name and its provider. No downloaded art.
 */
import type { CatalogueGame } from './catalogue.ts';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function card(x: number, y: number, label: string, red: boolean): string {
  return (
    `<rect x="${x}" y="${y}" width="44" height="62" rx="5" fill="#fff" stroke="#333"/>` +
    `<text x="${x + 22}" y="${y + 40}" font-size="24" text-anchor="middle" fill="${red ? '#c0392b' : '#222'}">${label}</text>`
  );
}

function art(game: CatalogueGame): string {
  switch (game.rules.kind) {
    case 'slot':
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${82 + i * 54}" y="50" width="48" height="70" rx="6" fill="#fff" stroke="#222" stroke-width="2"/>` +
            `<text x="${106 + i * 54}" y="98" font-size="34" font-weight="bold" text-anchor="middle" fill="#c0392b">7</text>`,
        )
        .join('');
    case 'baccarat':
      return card(112, 52, 'A', true) + card(164, 52, 'K', false);
    case 'roulette':
      return (
        '<circle cx="160" cy="86" r="44" fill="#1b5e20" stroke="#d4af37" stroke-width="6"/>' +
        '<circle cx="160" cy="86" r="30" fill="#b71c1c"/><circle cx="160" cy="86" r="14" fill="#111"/>' +
        '<circle cx="160" cy="50" r="5" fill="#fff"/>'
      );
    case 'dice':
      return (
        '<rect x="108" y="56" width="48" height="48" rx="8" fill="#fff" stroke="#222"/>' +
        '<circle cx="132" cy="80" r="6" fill="#c0392b"/>' +
        '<rect x="164" y="62" width="48" height="48" rx="8" fill="#fff" stroke="#222"/>' +
        '<circle cx="176" cy="74" r="5" fill="#222"/><circle cx="200" cy="98" r="5" fill="#222"/>'
      );
    case 'hilo':
      return game.category === 'poker'
        ? card(90, 52, 'A', true) + card(138, 52, 'K', false) + card(186, 52, 'Q', true)
        : `${card(112, 52, '7', false)}<text x="196" y="96" font-size="40" fill="#fff">⇅</text>`;
    case 'fishing':
      return (
        '<path d="M100 86 Q150 40 200 86 Q150 132 100 86 Z" fill="#ffb300" stroke="#222" stroke-width="2"/>' +
        '<path d="M200 86 L232 62 L232 110 Z" fill="#ff8f00" stroke="#222" stroke-width="2"/>' +
        '<circle cx="126" cy="80" r="6" fill="#222"/>'
      );
  }
}

/** Width of a sans-serif character in em, a safe upper bound for the Latin names of the catalogue. */
export const ThumbCharEm = 0.6;
/** The name's font size: 24, smaller for a long name so it fits the 320-wide picture with a margin. */
export function thumbNameSize(name: string): number {
  return Math.min(24, Math.floor(296 / (ThumbCharEm * Math.max(1, name.length))));
}

export function thumbnailSvg(game: CatalogueGame): string {
  const h = game.hue;
  const name = escapeXml(game.name);
  const size = thumbNameSize(game.name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240" role="img" aria-label="${name}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${h},70%,45%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},70%,20%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="320" height="240" fill="url(#g)"/>` +
    art(game) +
    `<rect x="0" y="170" width="320" height="70" fill="rgba(0,0,0,0.45)"/>` +
    `<text x="160" y="208" font-family="sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#fff">${name}</text>` +
    `<text x="160" y="230" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#ddd">${escapeXml(game.provider.toUpperCase())}</text>` +
    `</svg>`
  );
}
