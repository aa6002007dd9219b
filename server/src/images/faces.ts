import { IMAGE_UPLOAD_MAX_PIXELS } from '@stickerbook/model';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ImageRecordDetails } from '../db/schema.ts';

export type FaceBox = NonNullable<ImageRecordDetails['face']>;

/**
 * Face detection in-process (DESIGN.md "Outside services": face detection ships inside its npm package):
 * @vladmandic/face-api's tiny face detector on TensorFlow.js' WebAssembly backend, in a worker thread. The model
 * weights and the .wasm files are read from node_modules; nothing is downloaded. Loading takes ~0.3 s and happens
 * on first use.
 *
 * The detector runs at input size 416 and sees the photo already scaled to that size by libvips, which costs
 * ~7 ms of CPU per 1024 px JPEG (shrink-on-load); handing it 640 px instead made tfjs resize the tensor itself,
 * ~30 ms more of the ~100 ms a detection took, with the same faces found. Measured in CPU time on this machine:
 * ~70 ms per 1024 px photo (416 px into the detector), 102 ms before (640 px). Smaller input sizes are faster
 * still (320: ~45 ms) but miss small faces in group photos (2.7 instead of 3.3 per face-api sample photo).
 *
 * The model is loaded once per process and reused for every detection. tfjs' WebAssembly backend uses SIMD here;
 * its multi-threaded build needs cross-origin isolation, which Node's WASM backend does not offer, so each
 * detection runs on one core (on a shared 2-core machine that is all one detection should take anyway).
 */
const DETECTOR_INPUT_SIZE = 416;
const DETECT_MAX_SIDE_PX = DETECTOR_INPUT_SIZE;
const MIN_SCORE = 0.5;

/**
 * The detector runs in its own thread: one detection blocks for ~0.1-0.3 s and loading the model for ~0.5 s, and
 * on the main thread that stalled every request in flight (a burst of sticker link submissions waited behind the
 * image jobs' detections). The thread's source is a string, so it works from the TypeScript sources (tests, tsx)
 * and from the bundled dist/main.js alike; module paths are resolved here and handed over.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const quiet = (write) => (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('TensorFlow.js')) return;
  write(...args);
};
// tfjs greets Node users on stdout recommending tfjs-node; that is noise in our logs.
console.warn = quiet(console.warn);
console.log = quiet(console.log);
let loading;
function load() {
  loading ??= (async () => {
    const faceapi = require(workerData.faceApiPath);
    faceapi.tf.setWasmPaths(workerData.wasmDir);
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.modelDir);
    return faceapi;
  })();
  return loading;
}
let chain = Promise.resolve();
parentPort.on('message', (job) => {
  chain = chain.then(async () => {
    try {
      const faceapi = await load();
      if (job.warmUp) return parentPort.postMessage({ id: job.id, boxes: [] });
      const pixels = new Int32Array(new Uint8Array(job.data));
      const tensor = faceapi.tf.tensor3d(pixels, [job.height, job.width, 3], 'int32');
      try {
        const faces = await faceapi.detectAllFaces(
          tensor,
          new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.inputSize, scoreThreshold: workerData.minScore }),
        );
        parentPort.postMessage({ id: job.id, boxes: faces.map((f) => [f.box.x, f.box.y, f.box.width, f.box.height]) });
      } finally {
        tensor.dispose();
      }
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: String((error && error.stack) || error) });
    }
  });
});
`;

type Box = [x: number, y: number, width: number, height: number];
type Reply = { id: number; boxes?: Box[]; error?: string };

const require = createRequire(import.meta.url);
let worker: Worker | undefined;
let nextJobId = 1;
const pending = new Map<number, { resolve(boxes: Box[]): void; reject(error: Error): void }>();
// One detection at a time: the thread works one anyway, and this bounds the decoded pixels waiting for it.
let queue: Promise<unknown> = Promise.resolve();

function detectorThread(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      faceApiPath: require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'),
      wasmDir: dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + '/',
      modelDir: join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
      inputSize: DETECTOR_INPUT_SIZE,
      minScore: MIN_SCORE,
    },
  });
  // An idle detector must not keep the process (or a test run) alive.
  started.unref();
  started.on('message', (reply: Reply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) job.reject(new Error(reply.error));
    else job.resolve(reply.boxes ?? []);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`face detector stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function inThread(message: { warmUp?: boolean; data?: ArrayBuffer; width?: number; height?: number }) {
  const thread = detectorThread();
  const id = nextJobId++;
  return new Promise<Box[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, ...message }, message.data ? [message.data] : []);
  });
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
  const { data, info } = await sharp(image, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS })
    .rotate()
    .resize(DETECT_MAX_SIDE_PX, DETECT_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy the thread can own (sharp's buffer may share its memory with others).
  const pixels = new Uint8Array(data).buffer;
  const boxes = await inThread({ data: pixels, width: info.width, height: info.height });
  if (boxes.length === 0) return null;
  const [bx, by, bw, bh] = boxes.reduce((best, box) => (box[2] * box[3] > best[2] * best[3] ? box : best));
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const x = clamp(bx / info.width);
  const y = clamp(by / info.height);
  return {
    x: round4(x),
    y: round4(y),
    width: round4(clamp(bw / info.width + x) - x),
    height: round4(clamp(bh / info.height + y) - y),
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
