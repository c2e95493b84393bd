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
