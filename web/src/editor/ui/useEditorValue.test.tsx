import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderDom } from '../../render/test-support.tsx';
import { useAtomValue } from '../react.ts';
import { Atom } from '../state/atom.ts';
import { useAtomValueAfterPaint, useDerivedAfterPaint } from './useEditorValue.ts';

const ACT = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
// These tests watch React schedule on its own, as in the browser, so no act() batches the updates.
beforeEach(() => {
  ACT.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  ACT.IS_REACT_ACT_ENVIRONMENT = true;
});

const microtasks = () => Promise.resolve();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

function Probe({ count, other }: { count: Atom<number>; other: Atom<number> }) {
  const now = useAtomValue(count);
  const later = useAtomValueAfterPaint(count);
  const sum = useDerivedAfterPaint([count, other], () => count.get() + other.get());
  return <output>{`${now} ${later} ${sum}`}</output>;
}

describe('views that follow a change after its paint', () => {
  it('show it in a later task than the views of the frame, and all of it', async () => {
    const count = new Atom(1);
    const other = new Atom(10);
    ACT.IS_REACT_ACT_ENVIRONMENT = true;
    const view = renderDom(<Probe count={count} other={other} />);
    ACT.IS_REACT_ACT_ENVIRONMENT = false;
    const text = () => view.container.textContent;
    expect(text()).toBe('1 1 11');
    count.set(2);
    other.set(20);
    // The frame's own view renders in the microtask after the change; the others wait for a task of their own.
    await microtasks();
    expect(text()).toBe('2 1 11');
    await nextTask();
    expect(text()).toBe('2 2 22');
    count.set(3);
    count.set(4);
    await nextTask();
    expect(text()).toBe('4 4 24');
    view.unmount();
  });

  it('catch a change made between their first render and their subscription', async () => {
    const count = new Atom(1);
    const other = new Atom(10);
    function Changing() {
      // Changed during the render, before the effects subscribe: the first value read is already stale.
      const value = useAtomValueAfterPaint(count);
      const sum = useDerivedAfterPaint([count, other], () => count.get() + other.get());
      if (count.get() === 1) count.set(5);
      return <output>{`${value} ${sum}`}</output>;
    }
    const view = renderDom(<Changing />);
    await nextTask();
    expect(view.container.textContent).toBe('5 15');
    view.unmount();
  });
});
