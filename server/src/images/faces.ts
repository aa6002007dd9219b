import { IMAGE_UPLOAD_MAX_PIXELS } from '@stickerbook/model';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ImageRecordDetails } from '../db/schema.ts';

export type FaceBox = NonNullable<ImageRecordDetails['face']>;

/**
 * Face detection in-process (DESIGN.md "Outside services": face detection ships inside its npm package):
 * @vladmandic/face-api's tiny face detector on TensorFlow.js' WebAssembly backend. The model weights and the
 * .wasm files are read from node_modules; nothing is downloaded. Loading takes ~0.3 s and happens on first use.
 *
 * The detector sees the photo scaled to at most 640 px (it works at 416 anyway; scaling with libvips is cheaper than in tfjs) and runs at input size 416: about 90 ms per photo on this
 * machine (512 finds a few more small faces in group shots but costs about twice as long; a sticker photo shows
 * one person large).
 */
const DETECT_MAX_SIDE_PX = 640;
const DETECTOR_INPUT_SIZE = 416;
const MIN_SCORE = 0.5;

type FaceApi = typeof import('@vladmandic/face-api');

const require = createRequire(import.meta.url);
let loading: Promise<FaceApi> | undefined;
// One detection at a time: the WASM backend is single-threaded anyway, and this bounds memory under load.
let queue: Promise<unknown> = Promise.resolve();

function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const restoreConsole = quietTensorflowGreeting();
    try {
      const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
      const tf = faceapi.tf as unknown as {
        setWasmPaths(path: string): void;
        setBackend(name: string): Promise<boolean>;
        ready(): Promise<void>;
      };
      tf.setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + '/');
      await tf.setBackend('wasm');
      await tf.ready();
      const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
      await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
      return faceapi;
    } finally {
      restoreConsole();
    }
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** tfjs greets Node users on stdout recommending tfjs-node; that is noise in our logs. */
function quietTensorflowGreeting(): () => void {
  const original = console.warn;
  const originalLog = console.log;
  const filter =
    (write: typeof console.log) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('TensorFlow.js')) return;
      write(...args);
    };
  console.warn = filter(original);
  console.log = filter(originalLog);
  return () => {
    console.warn = original;
    console.log = originalLog;
  };
}

/** Loads the model ahead of the first request (optional; detection loads it on demand). */
export async function warmUpFaceDetection(): Promise<void> {
  await loadFaceApi();
}

/**
 * The largest face in a JPEG or PNG as fractions of the image (x, y of the top-left corner, width, height),
 * or null when there is none. EXIF orientation is applied first, so the box matches the photo as displayed.
 */
export function detectLargestFace(image: Buffer): Promise<FaceBox | null> {
  const run = queue.then(() => detect(image));
  queue = run.catch(() => undefined);
  return run;
}

async function detect(image: Buffer): Promise<FaceBox | null> {
  const faceapi = await loadFaceApi();
  const { data, info } = await sharp(image, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS })
    .rotate()
    .resize(DETECT_MAX_SIDE_PX, DETECT_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = faceapi.tf.tensor3d(new Int32Array(data), [info.height, info.width, 3], 'int32');
  try {
    const faces = await faceapi.detectAllFaces(
      tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0],
      new faceapi.TinyFaceDetectorOptions({ inputSize: DETECTOR_INPUT_SIZE, scoreThreshold: MIN_SCORE }),
    );
    if (faces.length === 0) return null;
    const largest = faces.reduce((best, face) =>
      face.box.width * face.box.height > best.box.width * best.box.height ? face : best,
    );
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    const x = clamp(largest.box.x / info.width);
    const y = clamp(largest.box.y / info.height);
    return {
      x: round4(x),
      y: round4(y),
      width: round4(clamp(largest.box.width / info.width + x) - x),
      height: round4(clamp(largest.box.height / info.height + y) - y),
    };
  } finally {
    tensor.dispose();
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
