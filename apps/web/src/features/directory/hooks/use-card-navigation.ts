import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A card's plain link (OrganizationCard marks it), which the grid opens in the app. */
const CARD_LINK = 'a[data-card-link]';

/**
 * One click handler for a grid of card links, instead of a router Link in each card: a Link
 * runs a dozen hooks, and the 24 of a server-rendered home page cost about a millisecond of
 * each render (issue 22). A plain click on a card navigates in the app, as a Link would; a click
 * with a modifier key or another button is left to the browser (a new tab or window), and so is
 * every click before the app runs.
 */
export function useCardNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest(CARD_LINK);
      const to = link?.getAttribute('href');
      if (!link || !to || !event.currentTarget.contains(link)) return;
      event.preventDefault();
      void navigate(to);
    },
    [navigate],
  );
}
