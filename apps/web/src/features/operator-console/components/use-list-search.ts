import { useSearchParams } from 'react-router';
import { pageParam } from './organizations-page';

/** A console list searched by text, 50 a page: both live in the address (?q=&page=). */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const show = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const text = next.q ?? q;
    if (text) search.set('q', text);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return { q, page, show };
}

/**
 * A console list with two states, `fallback` and `other` (open or resolved reports, recent or
 * failed emails), 50 a page: both live in the address (?status=other&page=).
 */
export function useStatusList<Fallback extends string, Other extends string>(
  fallback: Fallback,
  other: Other,
) {
  const [params, setParams] = useSearchParams();
  const status: Fallback | Other = params.get('status') === other ? other : fallback;
  const page = pageParam(params);
  const show = (next: { status?: Fallback | Other; page?: number }) => {
    const search = new URLSearchParams();
    if ((next.status ?? status) === other) search.set('status', other);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return { status, page, show };
}
