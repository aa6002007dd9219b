/**
 * The tldraw side of the editor drag benchmark: tldraw with its full UI, in a box the size of our editor's
 * canvas, loaded with `/scene.json` (bench/tldraw/scene.ts). Every asset tldraw would fetch from its CDN (fonts,
 * icons, translations, embed icons) points at the benchmark's own server, so nothing is downloaded.
 * The page exposes `window.tldrawEditor` and `window.tldrawReady` for the benchmark.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AssetRecordType,
  DEFAULT_EMBED_DEFINITIONS,
  iconTypes,
  Tldraw,
  toRichText,
  type Editor,
  type TLShapeId,
  type TLShapePartial,
  type TLUiAssetUrlOverrides,
} from 'tldraw';
import 'tldraw/tldraw.css';
import type { SceneShape } from './scene.ts';

interface BenchWindow {
  tldrawEditor?: Editor;
  tldrawReady?: boolean;
}

const FONT = '/font.woff2';
const fontNames = ['mono', 'serif', 'sans', 'draw'].flatMap((family) =>
  ['', '_italic', '_bold', '_italic_bold'].map((variant) => `tldraw_${family}${variant}`),
);

// Every URL tldraw's defaults would take from cdn.tldraw.com: fonts, each icon of the sprite, the English
// strings (only probed for availability; tldraw bundles them), and the embed icons.
const assetUrls: TLUiAssetUrlOverrides = {
  fonts: Object.fromEntries(fontNames.map((name) => [name, FONT])),
  icons: Object.fromEntries(iconTypes.map((name) => [name, `/icons.svg#${name}`])),
  translations: { en: '/en.json' },
  embedIcons: Object.fromEntries(DEFAULT_EMBED_DEFINITIONS.map((def) => [def.type, '/blank.png'])),
};

async function main() {
  const params = new URLSearchParams(location.search);
  const width = Number(params.get('width') ?? 1000);
  const height = Number(params.get('height') ?? 800);
  const scene = (await (await fetch('/scene.json')).json()) as SceneShape[];
  const container = document.getElementById('root')!;
  container.style.cssText = `position:absolute;left:0;top:0;width:${width}px;height:${height}px`;

  const onMount = (editor: Editor) => {
    const assetId = AssetRecordType.createId('photo');
    editor.createAssets([
      {
        id: assetId,
        typeName: 'asset',
        type: 'image',
        meta: {},
        props: {
          name: 'photo.png',
          src: '/photo.png',
          w: 600,
          h: 400,
          mimeType: 'image/png',
          isAnimated: false,
        },
      },
    ]);
    const partials: TLShapePartial[] = scene.map((shape) => {
      const base = {
        id: shape.id as TLShapeId,
        x: shape.x,
        y: shape.y,
        ...(shape.parentId ? { parentId: shape.parentId as TLShapeId } : {}),
      };
      switch (shape.kind) {
        case 'geo':
          return {
            ...base,
            type: 'geo',
            rotation: shape.rotation,
            props: {
              geo: shape.geo,
              w: shape.w,
              h: shape.h,
              fill: 'solid',
              color: shape.geo === 'ellipse' ? 'red' : 'blue',
              size: 's',
            },
          };
        case 'text':
          return {
            ...base,
            type: 'text',
            props: { w: shape.w, autoSize: false, size: 's', richText: toRichText(shape.text) },
          };
        case 'image':
          return { ...base, type: 'image', props: { w: shape.w, h: shape.h, assetId } };
        case 'group':
          return { ...base, type: 'group' };
      }
    });
    editor.run(() => editor.createShapes(partials), { history: 'ignore' });
    const w = window as unknown as BenchWindow;
    w.tldrawEditor = editor;
    w.tldrawReady = true;
  };

  createRoot(container).render(createElement(Tldraw, { assetUrls, onMount }));
}

void main();
