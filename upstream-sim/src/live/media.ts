/**
 * The simulator's media: the committed test clips of upstream-sim/media/ (make-clips.sh) and the
 * operator's logo per theme (SVG made here), served at `GET /media/<file>` with HTTP Range support
 * so a <video> can seek. Files are read once and kept in memory (the clips total a few hundred KB).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { fail } from '../reply.ts';

/** The clips of live streams (live TV) and of highlights, by file name. */
export const LiveClips = ['live-1.webm', 'live-2.webm', 'live-3.webm'] as const;
export const HighlightClips = ['highlight-1.webm', 'highlight-2.webm'] as const;

/** The operator's themes (web/src/shared/config.ts themeNames) and the colours of their logos. */
export const LogoThemes = {
  emerald: { fill: '#0f7b5f', accent: '#f2c14e' },
  midnight: { fill: '#1c2a4a', accent: '#7fb3ff' },
  crimson: { fill: '#a4161a', accent: '#ffd6a5' },
} as const;
export type LogoTheme = keyof typeof LogoThemes;
export const DefaultLogoTheme: LogoTheme = 'emerald';
export const OperatorName = 'Sportsbook';

export function isLogoTheme(value: unknown): value is LogoTheme {
  return typeof value === 'string' && Object.hasOwn(LogoThemes, value);
}

/** The logo of a theme: a rounded badge with a ball and the operator's name (160x40). */
export function logoSvg(theme: LogoTheme): string {
  const { fill, accent } = LogoThemes[theme];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">',
    `<rect width="160" height="40" rx="8" fill="${fill}"/>`,
    `<circle cx="20" cy="20" r="11" fill="none" stroke="${accent}" stroke-width="3"/>`,
    `<path d="M20 12l6 5-2 7h-8l-2-7z" fill="${accent}"/>`,
    `<text x="40" y="26" font-family="sans-serif" font-size="17" font-weight="700" fill="#fff">${OperatorName}</text>`,
    '</svg>',
  ].join('');
}

/** Where the clips are: beside src/ (running from source) or beside dist/ (the bundle). */
function mediaDir(): string | undefined {
  for (const rel of ['../../media/', '../media/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}make-clips.sh`)) return dir;
  }
  return undefined;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A `Range: bytes=a-b` header against a body of `size` bytes: the one range to send, `null` for the
 * whole body (no header, or one this server does not serve as a range: several ranges, other
 * units), or 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const FileName = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,95}$/;

export function registerMedia(app: FastifyInstance): void {
  const dir = mediaDir();
  const cache = new Map<string, Buffer>();
  const served = new Set<string>([...LiveClips, ...HighlightClips]);

  async function load(name: string): Promise<{ body: Buffer; type: string } | undefined> {
    const logo = /^logo-([a-z]+)\.svg$/.exec(name);
    if (logo) {
      const theme = logo[1];
      return isLogoTheme(theme) ? { body: Buffer.from(logoSvg(theme)), type: 'image/svg+xml' } : undefined;
    }
    if (!served.has(name) || dir === undefined) return undefined;
    let body = cache.get(name);
    if (!body) {
      body = await readFile(`${dir}${name}`);
      cache.set(name, body);
    }
    return { body, type: 'video/webm' };
  }

  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const name = request.params.file;
    const file = FileName.test(name) ? await load(name).catch(() => undefined) : undefined;
    if (!file) return reply.code(404).send(fail('empty'));
    const size = file.body.length;
    reply
      .header('content-type', file.type)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=3600')
      // An SVG opened on its own must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable')
      return reply
        .code(416)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-range', `bytes */${size}`)
        .send(JSON.stringify(fail('badRequest')));
    if (range === null) return reply.code(200).send(file.body);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .send(file.body.subarray(range.start, range.end + 1));
  });
}
