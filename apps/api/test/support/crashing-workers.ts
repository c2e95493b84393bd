/**
 * A cluster primary whose workers die as soon as they start, for the test of giving up
 * (server-cluster.test.ts): the real supervision of src/cluster.ts, without the app's start-up
 * time in each of the attempts.
 */
import cluster from 'node:cluster';
import pino from 'pino';
import { superviseWorkers } from '../../src/cluster.ts';

if (cluster.isPrimary) {
  superviseWorkers({
    workers: 2,
    shutdownDrainMs: 0,
    shutdownTimeoutMs: 1_000,
    log: pino({ level: 'info' }, pino.destination({ dest: 1, sync: true })),
  });
} else {
  console.error(`worker ${process.pid} cannot start`);
  process.exit(3);
}
