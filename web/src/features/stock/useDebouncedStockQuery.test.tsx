import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom } from '../../render/test-support.tsx';
import { useDebouncedStockQuery } from './useDebouncedStockQuery.ts';

function Probe({ text, onQuery }: { text: string; onQuery: (query: string | null) => void }) {
  onQuery(useDebouncedStockQuery(text));
  return null;
}

describe('the debounced stock query', () => {
  let seen: Array<string | null>;
  const last = () => seen.at(-1);
  const record = (query: string | null) => seen.push(query);
  beforeEach(() => {
    seen = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('searches the pre-filled query at once', () => {
    renderDom(<Probe text="celebration" onQuery={record} />);
    expect(seen[0]).toBe('celebration');
  });

  it('waits until typing has rested for 750 ms', () => {
    const view = renderDom(<Probe text="celebration" onQuery={record} />);
    view.rerender(<Probe text="footb" onQuery={record} />);
    act(() => vi.advanceTimersByTime(500));
    view.rerender(<Probe text="football" onQuery={record} />);
    act(() => vi.advanceTimersByTime(749));
    expect(last()).toBe('celebration');
    act(() => vi.advanceTimersByTime(1));
    expect(last()).toBe('football');
    expect(seen).not.toContain('footb');
    view.unmount();
  });

  it('never searches fewer than 3 characters, and drops old results at once when the text gets too short', () => {
    const view = renderDom(<Probe text="celebration" onQuery={record} />);
    view.rerender(<Probe text="ab" onQuery={record} />);
    expect(last()).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(last()).toBeNull();
    view.rerender(<Probe text="abc" onQuery={record} />);
    act(() => vi.advanceTimersByTime(750));
    expect(last()).toBe('abc');
    view.unmount();
  });
});
