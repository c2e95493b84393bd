import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Goes back when the previous history entry belongs to this app, otherwise to the directory. */
export function useBackNavigation(fallback = '/') {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
