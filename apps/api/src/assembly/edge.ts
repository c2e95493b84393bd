import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { registerCrossSiteCheck } from '../http/cross-site-check.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
} from '../http/error-handler.ts';
import { registerJsonBodyParser } from '../http/json-body.ts';
import { isBuildAsset, permissionsPolicy } from '../http/security-headers.ts';
import { registerShutdownDrain } from '../http/shutdown-drain.ts';
import { registerStorableTextCheck } from '../http/storable-text.ts';
import { visitorTraffic } from '../http/visitor-traffic.ts';

/** The Fastify instance: request ids, proxies trusted, the router's and the parser's errors. */
export function createFastify(
  config: Config,
  logger: boolean | Record<string, unknown> | undefined,
) {
  return Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : crypto.randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest the server (Fastify's types omit numbers).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * The rules every request meets before any module sees it: the route table the security tests
 * walk, the SIGTERM drain, zod validation, the error shape, the cross-site check, the JSON
 * body parser, storable text, and the count of requests in flight that background work gives
 * way to. Returns that count.
 */
export function registerEdgeRules(app: FastifyInstance, config: Config) {
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('shutdownDrain', registerShutdownDrain(app));
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerCrossSiteCheck(app, config.publicUrl);
  registerJsonBodyParser(app);
  // No route reads text bodies, and text/plain is how a cross-site form skips a preflight.
  app.removeContentTypeParser('text/plain');
  registerStorableTextCheck(app);
  // This process's requests: background work that can wait (the regeneration of stored pages,
  // saved searches' alerts) gives way to them. 'close' comes for a finished and an aborted answer.
  const traffic = visitorTraffic();
  app.addHook('onRequest', async (_request, reply) => {
    traffic.started();
    reply.raw.once('close', traffic.finished);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isBuildAsset(request.url)) return;
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', permissionsPolicy);
  });
  return traffic;
}
