/**
 * What one module announces and others act on, named here so that every cross-module step is
 * visible in one place. A module that must act subscribes while the app is built, before any
 * request is answered; the announcer awaits every subscriber in turn, and a subscriber's error
 * stops the announcer (a deletion whose subscriptions could not be cancelled does not happen).
 */
export interface ModuleEventMap {
  /** An organization is about to be deleted (by its owner or an operator). */
  organizationDeleting: { organizationId: string };
  /** An account is about to be deleted, with everything it owns. */
  accountDeleting: { ownerId: string };
}

type Subscriber<E> = (event: E) => Promise<void>;

export interface ModuleEvents {
  on<K extends keyof ModuleEventMap>(name: K, subscriber: Subscriber<ModuleEventMap[K]>): void;
  announce<K extends keyof ModuleEventMap>(name: K, event: ModuleEventMap[K]): Promise<void>;
}

export function createModuleEvents(): ModuleEvents {
  const subscribers = new Map<keyof ModuleEventMap, Subscriber<never>[]>();
  return {
    on(name, subscriber) {
      subscribers.set(name, [...(subscribers.get(name) ?? []), subscriber as Subscriber<never>]);
    },
    async announce(name, event) {
      for (const subscriber of subscribers.get(name) ?? []) {
        await (subscriber as Subscriber<typeof event>)(event);
      }
    },
  };
}
