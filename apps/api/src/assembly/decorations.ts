import type { EmailRelay } from '../adapters/email/relay.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type { ShutdownDrain } from '../http/shutdown-drain.ts';
import type { InsightsService } from '../modules/insights/service.ts';
import type { PaymentService } from '../modules/payments/service.ts';
import type { AppJobs } from './job-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email relay: tests call drain() to send what is due without waiting. */
    emailRelay: EmailRelay;
    /** Where uploaded images live (disk or S3); server start writes the demo images through it. */
    storage: Storage;
    /** Periodic jobs, callable directly (tests, operators). */
    jobs: AppJobs;
    /** The payments service (operator commands and tests call it directly). */
    payments: PaymentService;
    /**
     * Builds the directory's in-process index (ADR 018) and the open roles' (ADR 044); the
     * server does it before it listens.
     * Without it, the first list request builds it.
     */
    prepareDirectory(): Promise<void>;
    /**
     * Draws one share card nobody asked for, not stored: fonts loaded, the layers every card
     * shares drawn, the code compiled, before the first request would wait for them (ADR 026).
     */
    prepareShareCards(): Promise<void>;
    /** Profile insights: tests count and flush without waiting for the timer. */
    insights: { service: InsightsService; flush(): Promise<void> };
    /** Every route as registered, for the security tests to cover each one, new ones included. */
    routeTable: { method: string; url: string }[];
    /** The server's SIGTERM: /readyz goes 503 while it keeps serving, then it lets go (ADR 036). */
    shutdownDrain: ShutdownDrain;
  }
}
