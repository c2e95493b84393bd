import { useEffect } from 'react';
import { titleSuffix } from '@si/contracts';

/** Sets document.title while the component is mounted. A title without suffix gets " - Scaling Impact". */
export function useDocumentTitle(title: string | null, options: { exact?: boolean } = {}): void {
  const { exact = false } = options;
  useEffect(() => {
    if (title === null) return;
    document.title = exact || title.endsWith(titleSuffix) ? title : `${title}${titleSuffix}`;
  }, [title, exact]);
}
