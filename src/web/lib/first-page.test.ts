import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE_DATA_FRESH_MS,
  FIRST_PAGE_DATA_MAX_MS,
  firstPageLoader,
  firstPageShown,
  firstPageStaleTime,
  isFirstPageData,
} from './first-page';
import { deferred } from '../test/fixtures';

const args = { params: { caseId: 'c1' }, request: new Request('http://localhost/dossiers/c1') };

describe('the first page’s loader', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the boot requests, then loads the page’s data with the route’s params', async () => {
    const boot = deferred();
    const loadData = vi.fn(async () => undefined);
    let done = false;
    const loading = firstPageLoader(loadData, () => [boot.promise])(args).then((value) => {
      done = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadData).not.toHaveBeenCalled();
    expect(done).toBe(false);
    boot.resolve();
    expect(await loading).toBeNull();
    expect(loadData).toHaveBeenCalledWith(args);
  });

  it('does nothing without boot requests, or once the first page was shown', async () => {
    const loadData = vi.fn(async () => undefined);
    await firstPageLoader(loadData, () => undefined)(args);
    await firstPageLoader(loadData, () => [])(args);
    firstPageShown();
    await firstPageLoader(loadData, () => [Promise.resolve()])(args);
    expect(loadData).not.toHaveBeenCalled();
  });

  it('never throws, and renders the page after at most FIRST_PAGE_DATA_MAX_MS when an answer hangs', async () => {
    expect(
      await firstPageLoader(
        () => Promise.reject(new Error('500')),
        () => [Promise.resolve()],
      )(args),
    ).toBeNull();
    expect(
      await firstPageLoader(
        () => {
          throw new Error('sync');
        },
        () => [Promise.resolve()],
      )(args),
    ).toBeNull();

    vi.useFakeTimers();
    let done = false;
    void firstPageLoader(
      () => new Promise(() => undefined),
      () => [new Promise(() => undefined)],
    )(args).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_DATA_MAX_MS - 10);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(done).toBe(true);
  });
});

describe('the first page’s data', () => {
  const query = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });

  it('is fresh for a few seconds (not fetched again as components mount); later data is stale at once', async () => {
    await firstPageLoader(
      async () => undefined,
      () => [Promise.resolve()],
    )(args);
    const loaded = query(Date.now());
    expect(isFirstPageData(loaded)).toBe(true);
    firstPageShown();
    expect(firstPageStaleTime(loaded)).toBe(FIRST_PAGE_DATA_FRESH_MS);
    expect(isFirstPageData(query(0))).toBe(false);
    expect(isFirstPageData(query(loaded.state.dataUpdatedAt - 60_000))).toBe(false);
    expect(firstPageStaleTime(query(Date.now() + 1_000))).toBe(0);
  });

  it('is nothing special without a first-page load', () => {
    firstPageShown();
    expect(firstPageStaleTime(query(Date.now() - 10))).toBe(0);
  });
});
