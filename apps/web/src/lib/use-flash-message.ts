import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MESSAGE_VISIBLE_MS } from '@si/contracts';

/** Reads a message passed in navigation state ({ message }), from a state value of unknown shape. */
export function messageFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  const { message } = state as { message: unknown };
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * The success message handed over in navigation state, stored on arrival and shown for
 * MESSAGE_VISIBLE_MS (5 s). Returns the message and a function to dismiss it early.
 */
export function useFlashMessage(): [string | null, () => void] {
  const location = useLocation();
  const [message, setMessage] = useState(() => messageFromState(location.state));

  const incoming = messageFromState(location.state);
  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    if (incoming) setMessage(incoming);
  }

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return [message, () => setMessage(null)];
}
