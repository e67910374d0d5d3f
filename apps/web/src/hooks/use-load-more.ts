import { useEffect, useRef } from 'react';

type NextPage = () => Promise<{ isFetchNextPageError: boolean }>;

/**
 * 'Carregar mais' for a paged list (react-query's `fetchNextPage`): once the new rows render,
 * keyboard focus moves to the first new row's link (`selector`, inside `container`), so keyboard
 * users carry on where the new rows start; the button itself is disabled while loading and gone
 * after the last page. Nothing moves when the page fails.
 */
export function useLoadMore(count: number, fetchNextPage: NextPage, selector = 'article h3 a') {
  const container = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const first = focusFrom.current;
    if (first === null || count <= first) return;
    focusFrom.current = null;
    container.current?.querySelectorAll<HTMLElement>(selector)[first]?.focus();
  }, [count, selector]);

  const loadMore = () => {
    focusFrom.current = count;
    void fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) focusFrom.current = null;
    });
  };
  return { container, loadMore };
}
