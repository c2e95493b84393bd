import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';

/** A module's routes, ready to be registered in the scope app.ts puts them in. */
export type ModuleRoutes = (scope: FastifyInstance) => Promise<void>;

/** Binds a routes plugin to the options its module built for it. */
export function routesOf<
  Options extends FastifyPluginOptions,
  Provider extends FastifyTypeProvider,
>(plugin: FastifyPluginAsync<Options, RawServerDefault, Provider>, options: Options): ModuleRoutes {
  return async (scope) => {
    await scope.withTypeProvider<Provider>().register(plugin, options);
  };
}
