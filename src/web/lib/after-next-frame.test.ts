import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from './after-next-frame';

describe('afterNextFrame', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  /** Frames every 16 ms, on the fake clock. */
  const frames = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  };

  it('calls back once, the delay after the next frame, not during the render that asked', () => {
    frames();
    const callback = vi.fn();
    afterNextFrame(callback, 500);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16 + 499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back a second after the delay when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const callback = vi.fn();
    afterNextFrame(callback, 500);
    vi.advanceTimersByTime(1_499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    frames();
    const callback = vi.fn();
    const cancel = afterNextFrame(callback, 500);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
