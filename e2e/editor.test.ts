/**
 * Issue 3 in a real browser: the editor canvas, tools, selection, transforms, smart guides, lasso, groups,
 * history, clipboard, zoom, in-place text editing, locked albums and the mobile editor. Each test opens a fresh
 * album made from a blueprint with empty inside spreads and works on its first content spread (page 2).
 * Document state is read through `window.stickerbookEditor` (the engine the UI renders); gestures are real
 * mouse and keyboard input.
 */
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  signInWithSession,
  apiCall,
  logInApi,
  type SessionTokens,
  waitForEditorViewToSettle,
  holdUntilRequested,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

type Tokens = SessionTokens & { user: { sub: string; email: string; roles?: string[] } };

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const api = <T>(path: string, init?: Parameters<typeof apiCall>[2]) => apiCall<T>(stack.baseUrl, path, init);

async function signUp(): Promise<Tokens> {
  const email = `editor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  return (await logInApi(
    stack.baseUrl,
    { email, password: 'correct horse battery' },
    '/auth/signup',
  )) as Tokens;
}

async function createAlbum(tokens: Tokens): Promise<string> {
  const { blueprints } = await api<{ blueprints: Array<{ id: string }> }>('/blueprints');
  const album = await api<{ id: string }>('/albums', {
    method: 'POST',
    token: tokens.access_token,
    body: { blueprint_id: blueprints[0].id, title: 'Editor test', empty_inside: true },
  });
  return album.id;
}

/** Opens the editor signed in as `tokens`, on the first content spread, with hints and cookie dialog settled. */
async function openEditor(
  tokens: Tokens,
  albumId: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, stack.baseUrl, options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  await signInWithSession(page, tokens);
  await page.goto(`/album/${albumId}/onboarding`);
  await page.getByTestId('editor-canvas').waitFor();
  const cookie = page.getByTestId('cookie-save');
  await cookie.waitFor({ timeout: 2_000 }).catch(() => undefined);
  if (await cookie.isVisible()) await cookie.click();
  if (!options.viewport) {
    await page.getByTestId('page-box').fill('2');
    await page.getByTestId('page-box').press('Enter');
    // The spread emptied, and the one the tests' pointer lands on, is the one in view once it holds still.
    await waitForEditorViewToSettle(page);
    await clearCurrentSpread(page);
  }
  return { context, page };
}

/** Empties the spread in view as a collaborator's change would (no history entry), for a clean workbench. */
async function clearCurrentSpread(page: Page): Promise<void> {
  await page.evaluate(() => {
    const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    const nodes = Object.values(editor.doc.nodes) as Array<{ id: string; parentId: string | null }>;
    const inside = (id: string | null): boolean => {
      for (let current = id; current; current = editor.doc.nodes[current]?.parentId ?? null)
        if (current === spreadId) return true;
      return false;
    };
    const removed = nodes.filter((n) => n.id !== spreadId && inside(n.id));
    editor.dispatch(
      removed.map((n) => ({ op: 'remove', path: `/nodes/${n.id}` })),
      { origin: 'remote' },
    );
  });
}

type Props = Record<string, unknown>;
interface NodeInfo {
  id: string;
  type: string;
  parentId: string | null;
  props: Props;
}

/** Reads the engine state the canvas draws. */
function state(page: Page) {
  return page.evaluate(() => {
    const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    const nodes = Object.values(editor.doc.nodes) as NodeInfo[];
    return {
      spreadId,
      selection: [...editor.selection.get()] as string[],
      zoom: editor.camera.get().zoom as number,
      children: nodes.filter((n) => n.parentId === spreadId),
      nodes,
      docJson: JSON.stringify(editor.doc.nodes),
    };
  });
}

/** Viewport (page) coordinates of a point in the current spread's own millimetres. */
async function screenOf(page: Page, point: { x: number; y: number }): Promise<{ x: number; y: number }> {
  return page.evaluate(({ x, y }) => {
    const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    const el = document.querySelector(`[data-editor-spread="${spreadId}"]`)!;
    const m = (el as SVGGraphicsElement).getScreenCTM()!;
    return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  }, point);
}

async function clickAt(page: Page, point: { x: number; y: number }, modifiers: string[] = []) {
  const p = await screenOf(page, point);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(p.x, p.y);
  for (const key of modifiers) await page.keyboard.up(key);
}

/** Creates an element with a tool at a spread point (centred there) and returns its node. */
async function create(page: Page, tool: string, at: { x: number; y: number }): Promise<NodeInfo> {
  const before = new Set((await state(page)).children.map((n) => n.id));
  await page.getByTestId(`tool-${tool}`).click();
  await clickAt(page, at);
  if (tool === 'Text') await page.getByTestId('text-editor').press('Escape');
  const after = await state(page);
  const created = after.children.find((n) => !before.has(n.id));
  if (!created) throw new Error(`${tool} was not created`);
  return created;
}

const node = async (page: Page, id: string) => (await state(page)).nodes.find((n) => n.id === id);

/** Uploads a 1200 x 800 JPEG drawn by the page (a gradient with squares) as an album image; returns its id. */
async function uploadPhoto(page: Page, tokens: Tokens, albumId: string): Promise<string> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 1200, 800);
    gradient.addColorStop(0, '#e66');
    gradient.addColorStop(1, '#36c');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 1200, 800);
    for (let i = 0; i < 60; i++) {
      ctx.fillStyle = `hsl(${i * 37} 70% 50%)`;
      ctx.fillRect((i * 97) % 1200, (i * 53) % 800, 60, 60);
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const bytes = Buffer.from(base64, 'base64');
  const declared = await api<{
    uploads: Array<{ upload_url: string; headers: Record<string, string>; blob_id: string }>;
  }>('/direct_uploads/batch', {
    method: 'POST',
    token: tokens.access_token,
    body: {
      files: [
        {
          filename: 'photo.jpg',
          byte_size: bytes.length,
          checksum: createHash('md5').update(bytes).digest('base64'),
          content_type: 'image/jpeg',
        },
      ],
    },
  });
  const upload = declared.uploads[0];
  const url = new URL(upload.upload_url, stack.baseUrl);
  const put = await fetch(url, { method: 'PUT', headers: upload.headers, body: bytes });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  let record = await api<{ id: string; state: string }>(`/albums/${albumId}/images`, {
    method: 'POST',
    token: tokens.access_token,
    body: { blob_id: upload.blob_id, model: 'image' },
  });
  for (let n = 0; n < 150 && record.state !== 'finished'; n++) {
    await new Promise((r) => setTimeout(r, 200));
    record = await api<{ id: string; state: string }>(`/images/${record.id}`, { token: tokens.access_token });
  }
  return record.id;
}

/** Where an Image element's photo is drawn on screen, relative to its frame's top-left corner. */
async function photoOffset(page: Page, id: string): Promise<{ dx: number; dy: number; width: number }> {
  return page.evaluate((id) => {
    const frame = document.querySelector(`[data-editor-spread] g[data-node-id="${id}"]`)!;
    const photo = frame.querySelector('image');
    if (!photo) throw new Error('no photo drawn');
    // The frame's top-left corner on screen (its own bounding box includes the photo's hidden overflow).
    const f = (frame as SVGGraphicsElement).getScreenCTM()!;
    const p = photo.getBoundingClientRect();
    return { dx: p.x - f.e, dy: p.y - f.f, width: p.width };
  }, id);
}

describe.skipIf(skipBrowserTests)('the album editor in a browser', () => {
  let owner: Tokens;
  beforeAll(async () => {
    owner = await signUp();
  });

  it('creates a text, circle, rectangle, line and sticker cell with their tools, with the SPEC defaults', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    await expect.poll(() => page.getByTestId('tool-Comment').count()).toBe(0);
    const sizes: Record<string, [number, number]> = {
      Text: [100, 20],
      Circle: [100, 100],
      Rectangle: [100, 100],
      Line: [100, 1],
      StickerCell: [50, 70],
    };
    let x = 70;
    for (const [tool, [width, height]] of Object.entries(sizes)) {
      const created = await create(page, tool, { x, y: 150 });
      expect(created.type).toBe(tool);
      expect([created.props.width, created.props.height]).toEqual([width, height]);
      expect((created.props.x as number) + width / 2).toBeCloseTo(x, 0);
      x += 80;
    }
    const drawn = await page
      .locator('[data-editor-spread] g[data-node-type]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-node-type')));
    for (const tool of Object.keys(sizes)) expect(drawn).toContain(tool);
    await context.close();
  });

  it('snaps a dragged rectangle onto a smart guide so its left edge lands exactly on its neighbour’s', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const a = await create(page, 'Rectangle', { x: 100, y: 80 });
    const b = await create(page, 'Rectangle', { x: 300, y: 220 });
    const ax = a.props.x as number;
    const bx = b.props.x as number;
    // Drag b so its left edge ends 1.3 mm right of a's left edge: within the 5 px ÷ zoom snap distance.
    const grab = { x: bx + 50, y: (b.props.y as number) + 50 };
    const target = { x: grab.x - (bx - ax) + 1.3, y: grab.y + 7 };
    const from = await screenOf(page, grab);
    const to = await screenOf(page, target);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
    await expect
      .poll(() => page.locator('[data-testid="smart-guides"] line[data-guide="x"]').count())
      .toBeGreaterThan(0);
    await page.mouse.up();
    const moved = await node(page, b.id);
    expect(moved!.props.x as number).toBeCloseTo(ax, 6);
    expect(moved!.props.y as number).toBeCloseTo((b.props.y as number) + 7, 0);
    await expect.poll(() => page.getByTestId('smart-guides').count()).toBe(0);
    await context.close();
  });

  it('resizes with the corner handle and rotates with the rotate handle, snapping to 45° with shift', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const rect = await create(page, 'Rectangle', { x: 200, y: 150 });
    const { zoom } = await state(page);
    const se = page.locator('[data-handle="se"]');
    const box = (await se.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20 * zoom, box.y + box.height / 2 + 10 * zoom, {
      steps: 6,
    });
    await page.mouse.up();
    const resized = await node(page, rect.id);
    expect(resized!.props.width as number).toBeCloseTo(120, 0);
    expect(resized!.props.height as number).toBeCloseTo(110, 0);
    expect(resized!.props.x as number).toBeCloseTo(rect.props.x as number, 6);

    const handle = (await page.locator('[data-handle="rotate"]').boundingBox())!;
    const centre = await screenOf(page, { x: 210, y: 155 });
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.keyboard.down('Shift');
    // A quarter turn clockwise, a little short: shift snaps it to exactly 90°.
    await page.mouse.move(centre.x + 200, centre.y + 12, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    expect((await node(page, rect.id))!.props.rotation).toBe(90);
    await context.close();
  });

  it('lasso-selects the elements inside the drawn area and leaves the others out', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const a = await create(page, 'Circle', { x: 100, y: 100 });
    const b = await create(page, 'Rectangle', { x: 220, y: 100 });
    const c = await create(page, 'Rectangle', { x: 380, y: 230 });
    await clickAt(page, { x: 440, y: 20 }); // empty: clears the selection
    // A lasso around a and b: down at one corner, round the other three.
    const corners = [
      { x: 20, y: 20 },
      { x: 300, y: 20 },
      { x: 300, y: 180 },
      { x: 20, y: 180 },
    ];
    const first = await screenOf(page, corners[0]);
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const corner of [...corners.slice(1), corners[0]]) {
      const p = await screenOf(page, corner);
      await page.mouse.move(p.x, p.y, { steps: 5 });
    }
    await expect.poll(() => page.getByTestId('lasso').count()).toBe(1);
    await page.mouse.up();
    const { selection } = await state(page);
    expect(selection.sort()).toEqual([a.id, b.id].sort());
    expect(selection).not.toContain(c.id);
    await expect
      .poll(() => page.getByTestId('selection-frame').getAttribute('data-selection-count'))
      .toBe('2');
    await context.close();
  });

  it('groups two elements with Ctrl+G and ungroups them with Ctrl+Shift+G', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const a = await create(page, 'Rectangle', { x: 100, y: 100 });
    const b = await create(page, 'Circle', { x: 260, y: 100 });
    await clickAt(page, { x: 100, y: 100 });
    await clickAt(page, { x: 260, y: 100 }, ['Shift']);
    await page.keyboard.press('Control+g');
    let s = await state(page);
    const group = s.children.find((n) => n.type === 'Group');
    expect(group).toBeDefined();
    expect(
      s.nodes
        .filter((n) => n.parentId === group!.id)
        .map((n) => n.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    await page.keyboard.press('Control+Shift+g');
    s = await state(page);
    expect(s.children.some((n) => n.type === 'Group')).toBe(false);
    expect(s.children.map((n) => n.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await context.close();
  });

  it('undoes ten operations back to the opened document and redoes them all', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const initial = (await state(page)).docJson;
    await create(page, 'Rectangle', { x: 100, y: 100 }); // 1
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight'); // 2-5
    await page.keyboard.press('Control+d'); // 6
    await page.keyboard.press('Shift+ArrowDown'); // 7
    await create(page, 'Circle', { x: 300, y: 200 }); // 8
    await page.getByTestId('toolbar-lock').click(); // 9
    await page.getByTestId('toolbar-flip-x').click(); // 10
    const final = (await state(page)).docJson;
    expect(final).not.toBe(initial);
    for (let i = 0; i < 10; i++) await page.getByTestId('undo').click();
    expect((await state(page)).docJson).toBe(initial);
    await expect.poll(() => page.getByTestId('undo').isDisabled()).toBe(true);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Control+Shift+z');
    expect((await state(page)).docJson).toBe(final);
    await page.getByTestId('history-open').click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(10);
    await context.close();
  });

  it('shows an undone move in the undo’s own frame, and the canvas’s later render agrees, also with a collaborator’s change between', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const a = await create(page, 'Rectangle', { x: 100, y: 80 });
    const b = await create(page, 'Rectangle', { x: 300, y: 220 });
    const ids = [a.id, b.id];
    await clickAt(page, { x: 100, y: 80 });
    await clickAt(page, { x: 300, y: 220 }, ['Shift']);
    expect((await state(page)).selection.sort()).toEqual([...ids].sort());
    const frames = () =>
      page.evaluate(
        (ids) =>
          ids.map((id) =>
            document.querySelector(`[data-editor-spread] g[data-node-id="${id}"]`)!.getAttribute('transform'),
          ),
        ids,
      );
    const before = await frames();
    const from = await screenOf(page, { x: 100, y: 80 });
    const to = await screenOf(page, { x: 160, y: 130 });
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
    await page.mouse.up();
    await expect.poll(frames).not.toEqual(before);
    const moved = await frames();

    /**
     * Runs `act` in a frame callback, as the browser hands over a key press, and reads the two frames' transforms
     * as soon as it returns (what that frame paints: React has not rendered the canvas yet) and once the page has
     * settled.
     */
    const inFrame = (act: string) =>
      page.evaluate(
        ({ ids, act }) =>
          new Promise<{ atOnce: Array<string | null>; settled: Array<string | null> }>((resolve) =>
            requestAnimationFrame(() => {
              const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
              const read = () =>
                ids.map((id) =>
                  document
                    .querySelector(`[data-editor-spread] g[data-node-id="${id}"]`)!
                    .getAttribute('transform'),
                );
              for (const step of act.split(',')) {
                if (step === 'undo') editor.undo();
                else if (step === 'redo') editor.redo();
                // A collaborator moves the first rectangle to x 20 and makes the second one wider.
                else
                  editor.dispatch(
                    [
                      { op: 'replace', path: `/nodes/${ids[0]}/props/x`, value: 20 },
                      { op: 'replace', path: `/nodes/${ids[1]}/props/width`, value: 120 },
                    ],
                    { origin: 'remote' },
                  );
              }
              const atOnce = read();
              // Settled: two frames on, once the page has nothing left to run (React's deferred renders first).
              requestAnimationFrame(() =>
                requestAnimationFrame(() => requestIdleCallback(() => resolve({ atOnce, settled: read() }))),
              );
            }),
          ),
        { ids, act },
      );

    // The undo: both rectangles are back before the frame callback ends, and React's render changes nothing.
    expect(await inFrame('undo')).toEqual({ atOnce: before, settled: before });
    // An undo and a redo before the canvas renders: the frames end where the redo puts them, not where the undo did.
    expect(await inFrame('redo')).toEqual({ atOnce: moved, settled: moved });
    expect(await inFrame('undo,redo')).toEqual({ atOnce: moved, settled: moved });
    // A collaborator's change between the undo and the canvas's render: the canvas draws the merged document.
    const raced = await inFrame('undo,remote');
    expect(raced.settled[0]).toBe(before[0]!.replace(/^translate\(\S+/, 'translate(20'));
    expect(raced.settled[1]).toBe(before[1]);
    const merged = await state(page);
    expect(merged.nodes.find((n) => n.id === b.id)!.props.width).toBe(120);
    await context.close();
  });

  it('copies an element and pastes it back 10 mm down and right', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const rect = await create(page, 'Rectangle', { x: 150, y: 120 });
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await state(page)).children.length).toBe(2);
    const s = await state(page);
    const copy = s.children.find((n) => n.id !== rect.id)!;
    expect(copy.type).toBe('Rectangle');
    expect(copy.props.x as number).toBeCloseTo((rect.props.x as number) + 10, 6);
    expect(copy.props.y as number).toBeCloseTo((rect.props.y as number) + 10, 6);
    expect(s.selection).toEqual([copy.id]);
    await context.close();
  });

  it('zooms to the presets and fits the current spread and the whole album', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    for (const preset of [50, 100, 200, 300]) {
      await page.getByTestId('zoom-menu').click();
      await page.getByTestId(`zoom-${preset}`).click();
      await expect.poll(async () => (await state(page)).zoom).toBeCloseTo(preset / 100, 5);
      await expect.poll(() => page.getByTestId('zoom-menu').textContent()).toBe(`${preset}\u00a0%`);
    }
    const canvas = (await page.getByTestId('editor-canvas').boundingBox())!;
    await page.getByTestId('zoom-menu').click();
    await page.getByTestId('zoom-fit-all').click();
    const spreads = await page
      .locator('[data-editor-spread]')
      .evaluateAll((els) =>
        els.map((el) => (el as SVGGraphicsElement).getBoundingClientRect().toJSON() as DOMRect),
      );
    const s = await state(page);
    const spreadCount = s.nodes.filter((n) => n.type === 'Spread').length;
    expect(spreads).toHaveLength(spreadCount);
    for (const r of spreads) {
      expect(r.top).toBeGreaterThanOrEqual(canvas.y - 1);
      expect(r.bottom).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
    }
    await page.getByTestId('zoom-menu').click();
    await page.getByTestId('zoom-fit-spread').click();
    const fitted = await page.locator(`[data-editor-spread="${s.spreadId}"]`).boundingBox();
    expect(fitted!.width).toBeGreaterThan(canvas.width * 0.8);
    await context.close();
  });

  it('zooms with ctrl+wheel (trackpad pinch) and with a two-finger touch pinch, around the fingers', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const canvas = (await page.getByTestId('editor-canvas').boundingBox())!;
    const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const pageUnder = (point: { x: number; y: number }) =>
      page.evaluate(
        ({ point, origin }) => {
          const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
          return editor.screenToPage({ x: point.x - origin.x, y: point.y - origin.y }) as {
            x: number;
            y: number;
          };
        },
        { point, origin: { x: canvas.x, y: canvas.y } },
      );
    const start = (await state(page)).zoom;

    await page.mouse.move(centre.x, centre.y);
    const anchor = await pageUnder(centre);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -40);
    await page.keyboard.up('Control');
    await expect.poll(async () => (await state(page)).zoom).toBeCloseTo(start * Math.pow(1.0075, 40), 3);
    const wheeled = await pageUnder(centre);
    expect(wheeled.x).toBeCloseTo(anchor.x, 1);
    expect(wheeled.y).toBeCloseTo(anchor.y, 1);

    // Two fingers 100 px apart around the centre spread to 200 px apart, then both move 30 px right.
    const before = (await state(page)).zoom;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', half: number, shift = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: centre.x - half + shift, y: centre.y, id: 1 },
                { x: centre.x + half + shift, y: centre.y, id: 2 },
              ],
      });
    await touch('touchStart', 50);
    for (let half = 55; half <= 100; half += 5) await touch('touchMove', half);
    for (let shift = 5; shift <= 30; shift += 5) await touch('touchMove', 100, shift);
    await touch('touchEnd', 100, 30);
    await expect.poll(async () => (await state(page)).zoom).toBeCloseTo(before * 2, 2);
    // The page point that was under the fingers' midpoint followed it.
    const pinched = await pageUnder({ x: centre.x + 30, y: centre.y });
    expect(pinched.x).toBeCloseTo(anchor.x, 1);
    expect(pinched.y).toBeCloseTo(anchor.y, 1);
    // Pinching selected nothing and changed nothing.
    expect((await state(page)).selection).toEqual([]);
    await context.close();
  });

  it('edits a text in place, makes a word bold with Ctrl+B and colours it from the toolbar', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    await page.getByTestId('tool-Text').click();
    await clickAt(page, { x: 120, y: 100 });
    const editable = page.getByTestId('text-editor');
    await editable.waitFor();
    await page.keyboard.type('Hello world');
    // Select "world" and make it bold.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+b');
    await page.getByTestId('text-color').click();
    await page.getByTestId('text-color-control-tile-2').click();
    await editable.press('Escape');
    await expect.poll(() => page.getByTestId('text-editor').count()).toBe(0);
    const s = await state(page);
    const text = s.children.find((n) => n.type === 'Text')!;
    const spans = (text.props.text as { blocks: Array<{ spans: Array<{ text: string; styles: string[] }> }> })
      .blocks[0].spans;
    expect(spans.map((span) => span.text).join('')).toBe('Hello world');
    const world = spans.find((span) => span.text.includes('world'))!;
    expect(world.text).toBe('world');
    expect(world.styles).toContain('BOLD');
    expect(world.styles.some((style) => style.startsWith('COLOR-#'))).toBe(true);
    const hello = spans.find((span) => span.text.includes('Hello'))!;
    expect(hello.styles).not.toContain('BOLD');
    // The canvas shows the saved text again.
    await expect.poll(() => page.locator(`g[data-node-id="${text.id}"]`).textContent()).toBe('Hello world');
    await context.close();
  });

  it('keeps the typed text when the font size is changed in the toolbar and Escape is pressed', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    await page.getByTestId('tool-Text').click();
    await clickAt(page, { x: 120, y: 100 });
    await page.getByTestId('text-editor').waitFor();
    await page.keyboard.type('Typed words');
    const size = page.getByTestId('text-size');
    await size.fill('24');
    await size.press('Enter');
    // The editor shows the new size and still holds the typed text.
    expect(await page.getByTestId('text-editor').textContent()).toBe('Typed words');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('text-editor').count()).toBe(0);
    const text = (await state(page)).children.find((n) => n.type === 'Text')!;
    const spans = (text.props.text as { blocks: Array<{ spans: Array<{ text: string; styles: string[] }> }> })
      .blocks[0].spans;
    expect(spans.map((span) => span.text).join('')).toBe('Typed words');
    expect(spans.every((span) => span.styles.includes('SIZE-24'))).toBe(true);
    await context.close();
  });

  it('shows a read-only notice when an automatic text is double-clicked, instead of editing it', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner));
    const auto = (await state(page)).nodes.find(
      (n) => n.type === 'Text' && typeof n.props.symbol === 'string',
    );
    expect(auto).toBeDefined();
    const centre = await page.evaluate((id) => {
      const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
      // Template page numbers come locked; unlock it (as a collaborator would) so it can be clicked.
      if (editor.doc.nodes[id].props.locked === true)
        editor.dispatch([{ op: 'replace', path: `/nodes/${id}/props/locked`, value: false }], {
          origin: 'remote',
        });
      const doc = editor.doc;
      let spread = doc.nodes[id];
      while (spread && spread.type !== 'Spread') spread = doc.nodes[spread.parentId];
      editor.zoomToFitSpread(spread.id);
      return new Promise<{ x: number; y: number }>((resolve) =>
        requestAnimationFrame(() => {
          const rect = document.querySelector(`g[data-node-id="${id}"]`)!.getBoundingClientRect();
          resolve({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
        }),
      );
    }, auto!.id);
    await page.mouse.dblclick(centre.x, centre.y);
    // Inside a group the first double-click enters the group; the second one reaches the text.
    if ((await page.getByText(/filled in automatically/).count()) === 0)
      await page.mouse.dblclick(centre.x, centre.y);
    await expect.poll(() => page.getByText(/filled in automatically/).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('text-editor').count()).toBe(0);
    await context.close();
  });

  it('opens a locked album in preview mode for its owner: a notice, no tools, nothing editable', async () => {
    const albumId = await createAlbum(owner);
    const admin = await logInApi(stack.baseUrl, ADMIN);
    await api(`/albums/${albumId}`, { method: 'PATCH', token: admin.access_token, body: { locked: true } });
    const { context, page } = await openEditor(owner, albumId);
    await page.getByTestId('locked-notice').waitFor();
    expect(await page.getByTestId('tool-menu').count()).toBe(0);
    const before = (await state(page)).docJson;
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    expect((await state(page)).docJson).toBe(before);
    await context.close();
  });

  it('gives phones the reduced editor with the continue-on-a-laptop alert', async () => {
    const { context, page } = await openEditor(owner, await createAlbum(owner), {
      viewport: { width: 390, height: 780 },
    });
    await page.getByTestId('mobile-alert').waitFor();
    expect(await page.getByTestId('mobile-email-link').getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.getByTestId('zoom-menu').count()).toBe(0);
    expect(await page.getByTestId('view-settings').count()).toBe(0);
    await context.close();
  });

  it('shows the same elements after a reload', async () => {
    const albumId = await createAlbum(owner);
    const { context, page } = await openEditor(owner, albumId);
    const rect = await create(page, 'Rectangle', { x: 120, y: 120 });
    const circle = await create(page, 'Circle', { x: 260, y: 160 });
    await page.keyboard.press('ArrowRight');
    const pick = (nodes: NodeInfo[]) => [rect.id, circle.id].map((id) => nodes.find((n) => n.id === id));
    const saved = pick((await state(page)).nodes);
    // Saved means: the server has them (autosave runs 1.8 s after the last change, SPEC §9).
    await expect
      .poll(
        async () => {
          const album = await api<{ workspace: { nodes: Record<string, NodeInfo> } }>(`/albums/${albumId}`, {
            token: owner.access_token,
          });
          return [rect.id, circle.id].map((id) => album.workspace.nodes[id]);
        },
        { timeout: 15_000 },
      )
      .toEqual(saved);
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-status')).toBe('saved');
    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    const reloaded = pick((await state(page)).nodes);
    expect(reloaded).toEqual(saved);
    await context.close();
  });

  it('asks for the album before the app’s code has arrived, once, and saves from the version it read', async () => {
    const albumId = await createAlbum(owner);
    // A fresh context that has never loaded the editor's code, so no cache can hand it over without a request.
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 900 },
    });
    await signInWithSession(page, owner);
    // The app's entry is held back until the album has been asked for: only the small preload script, which
    // starts the refresh and then the album with its token as the HTML arrives, can ask for it by then.
    const entry = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')!.src,
    );
    const albumPath = `/api/v1/albums/${albumId}`;
    const album = await holdUntilRequested(page, entry, {
      method: 'GET',
      pathname: albumPath,
    });
    // Saving starts by catching up from the version the album was read at, not by loading the album again.
    const catchUp = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `${albumPath}/mutations` && request.method() === 'GET',
    );
    await page.goto(`/album/${albumId}/onboarding`);
    await page.getByTestId('editor-canvas').waitFor();
    expect(album.askedWhileHeld()).toBe(true);
    await catchUp;
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-status')).toBe('saved');
    expect(album.requests).toHaveLength(1);
    await context.close();
  });

  it('refreshes a reloaded user’s token before the app’s code has arrived, once, and opens the editor with it', async () => {
    const albumId = await createAlbum(owner);
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 900 },
    });
    await signInWithSession(page, owner);
    // The app's entry is held back until the refresh has been asked for: only the small preload script, which
    // runs as the HTML arrives, can ask for it by then.
    const entry = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')!.src,
    );
    const refresh = await holdUntilRequested(page, entry, {
      method: 'POST',
      pathname: '/api/v1/auth/refresh',
    });
    await page.goto(`/album/${albumId}/onboarding`);
    await page.getByTestId('editor-canvas').waitFor();
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    expect(refresh.askedWhileHeld()).toBe(true);
    // The app took the early answer instead of refreshing again: a second refresh would have sent the rotated
    // cookie's predecessor and ended the session.
    expect(refresh.requests).toHaveLength(1);
    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/album/${albumId}/onboarding`);
    await context.close();
  });

  it('keeps the user signed in when a page is left while its token refresh is under way, and loads each stylesheet once', async () => {
    const albumId = await createAlbum(owner);
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 900 },
    });
    await signInWithSession(page, owner);
    // The profile page's own refresh is held, so the page is left while it is under way (a link followed, a
    // reload): the browser cuts it off. That must not sign the user out, nor end the server's session.
    let holding = true;
    let heldRefresh!: () => void;
    const refreshHeld = new Promise<void>((resolve) => (heldRefresh = resolve));
    await page.route('**/api/v1/auth/refresh', async (route) => {
      if (!holding || route.request().method() !== 'POST') return route.continue();
      holding = false;
      heldRefresh();
      // Never answered: the navigation below cuts the request off.
    });
    const sessionEnds: string[] = [];
    const preloadWarnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/auth/refresh' && request.method() === 'DELETE')
        sessionEnds.push(url.pathname);
      if (url.pathname === '/api/v1/public/guest_tokens') sessionEnds.push(url.pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' && /preload/i.test(message.text()))
        preloadWarnings.push(message.text());
    });
    // The stylesheets each document asked for, told apart by the document's loader: the profile page goes on
    // loading after its refresh was held (the toasts' stylesheet comes after its first render), so requests
    // counted from a moment in the test once took one of its stylesheets for the editor's second.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let editorDocument = '';
    const cssRequests = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', ({ loaderId, type, request }) => {
      const url = new URL(request.url);
      if (type === 'Document' && url.pathname.startsWith('/album/')) editorDocument = loaderId;
      if (url.pathname.endsWith('.css') && loaderId === editorDocument && editorDocument)
        cssRequests.set(url.pathname, (cssRequests.get(url.pathname) ?? 0) + 1);
    });
    await page.goto('/profile');
    await refreshHeld;
    await page.goto(`/album/${albumId}/onboarding`);
    await page.getByTestId('editor-canvas').waitFor();
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    expect(sessionEnds).toEqual([]);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('stickerbook.session')))!),
    ).toMatchObject({
      kind: 'user',
      user: { sub: owner.user.sub },
    });
    // The stylesheets the preload script asks for early are the ones the editor then uses (same credentials
    // mode), not fetched a second time.
    expect(cssRequests.size).toBeGreaterThan(1);
    expect([...cssRequests].filter(([, count]) => count > 1)).toEqual([]);
    expect(preloadWarnings).toEqual([]);
    await context.close();
  });

  it('pans a photo inside its frame in image edit mode; Enter and Escape end it and the crop survives a reload', async () => {
    const albumId = await createAlbum(owner);
    const { context, page } = await openEditor(owner, albumId);
    const imageId = await uploadPhoto(page, owner, albumId);
    // An image frame on the spread, zoomed into its photo (cscale 2) so there is room to pan; always on top, so
    // the template's own elements (back after a reload) never cover it.
    const frameId = await page.evaluate((imageId) => {
      const editor = (window as unknown as { stickerbookEditor: any }).stickerbookEditor;
      const spreadId = editor.selectionController.currentSpreadId();
      const id = `img-${Date.now()}`;
      const props = {
        x: 100,
        y: 60,
        width: 150,
        height: 100,
        image: imageId,
        alwaysOnTop: true,
        cx: 0.5,
        cy: 0.5,
        cscale: 2,
      };
      editor.dispatch(
        [
          {
            op: 'add',
            path: `/nodes/${id}`,
            value: { id, type: 'Image', parentId: spreadId, index: 'a0', props },
          },
        ],
        {
          origin: 'local',
          label: 'insert',
        },
      );
      return id;
    }, imageId);
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    // Reloaded, the album's image list has the new photo and the frame draws it.
    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    await page.getByTestId('page-box').fill('2');
    await page.getByTestId('page-box').press('Enter');
    await expect.poll(() => photoOffset(page, frameId).catch(() => null), { timeout: 20_000 }).not.toBeNull();
    const before = await photoOffset(page, frameId);

    // Double-click the image: image edit mode; drag the photo 40 px left and 20 px up.
    const centre = await screenOf(page, { x: 175, y: 110 });
    await page.mouse.dblclick(centre.x, centre.y);
    await page.getByTestId('image-editor').waitFor();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(centre.x - 4 * i, centre.y - 2 * i);
    await page.mouse.up();
    const dragged = await photoOffset(page, frameId);
    expect(dragged.dx - before.dx).toBeCloseTo(-40, 0);
    expect(dragged.dy - before.dy).toBeCloseTo(-20, 0);
    // Enter ends the mode and keeps the photo where it was dragged, as one history entry.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('image-editor').count()).toBe(0);
    const afterEnter = (await node(page, frameId))!.props;
    expect(afterEnter.cx).toBeGreaterThan(0.5);
    expect(afterEnter.cy).toBeGreaterThan(0.5);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { stickerbookEditor: any }).stickerbookEditor.history.get().past.at(-1).label,
      ),
    ).toBe('image crop');

    // Again, ending with Escape: the second pan is kept too.
    await page.mouse.dblclick(centre.x, centre.y);
    await page.getByTestId('image-editor').waitFor();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(centre.x, centre.y + 4 * i);
    await page.mouse.up();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('image-editor').count()).toBe(0);
    const saved = (await node(page, frameId))!.props;
    expect(saved.cy).toBeLessThan(afterEnter.cy as number);
    expect(saved.cx).toBe(afterEnter.cx);
    const shown = await photoOffset(page, frameId);

    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    await page.getByTestId('page-box').fill('2');
    await page.getByTestId('page-box').press('Enter');
    await expect.poll(() => photoOffset(page, frameId).catch(() => null), { timeout: 20_000 }).not.toBeNull();
    const reloaded = (await node(page, frameId))!.props;
    expect([reloaded.cx, reloaded.cy, reloaded.cscale]).toEqual([saved.cx, saved.cy, 2]);
    const redrawn = await photoOffset(page, frameId);
    expect(redrawn.dx).toBeCloseTo(shown.dx, 0);
    expect(redrawn.dy).toBeCloseTo(shown.dy, 0);
    await context.close();
  }, 120_000);
});
