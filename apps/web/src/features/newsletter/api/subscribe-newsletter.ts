import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export function subscribeNewsletter(email: string): Promise<{ confirmationRequested: true }> {
  return apiData<{ confirmationRequested: true }>('/newsletter', {
    method: 'POST',
    body: { email },
  });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
