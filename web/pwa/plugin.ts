import { build } from 'esbuild';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { iconPixels, iconSvg, THEME_COLOUR } from './icon.js';
import { encodePng } from './png.js';

/**
 * What makes the web client an installable progressive web app, added to the
 * build: the manifest, the icons (drawn by icon.ts: the SVG and each PNG size
 * rendered from one drawing) and the service worker (web/sw/, bundled here
 * into one classic script at /sw.js, so its scope is the whole app and every
 * browser with push can run it).
 */

const NAME = 'Valeria Tabletop';

/** The PNG sizes: Android's launcher and splash (192, 512), the maskable one Android crops to its shape, iOS's home screen (180). */
const PNGS = [
  { fileName: 'icon-192.png', size: 192, maskable: false },
  { fileName: 'icon-512.png', size: 512, maskable: false },
  { fileName: 'icon-maskable-512.png', size: 512, maskable: true },
  { fileName: 'apple-touch-icon.png', size: 180, maskable: true },
] as const;

export const MANIFEST = {
  id: '/',
  name: NAME,
  short_name: 'Valeria',
  description: 'Play Villages of Valeria, Valeria: Card Kingdoms and Village Pillage with friends, one move at a time.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: THEME_COLOUR,
  theme_color: THEME_COLOUR,
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export function progressiveWebApp(web: string): Plugin {
  return {
    name: 'progressive-web-app',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: `${JSON.stringify(MANIFEST, null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: iconSvg() });
      for (const png of PNGS)
        this.emitFile({ type: 'asset', fileName: png.fileName, source: encodePng(png.size, png.size, iconPixels(png.size, png.maskable)) });
      const worker = await build({
        entryPoints: [join(web, 'sw', 'service-worker.ts')],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.outputFiles[0]!.text });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOUR }, injectTo: 'head' },
    ],
  };
}
