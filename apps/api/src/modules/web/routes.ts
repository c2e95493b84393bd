import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiMessages, errorCodes, siteName, titleSuffix } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../plugins/storage/index.ts';
import { serveUploads } from '../../plugins/storage/serve.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import { renderHeadTags, type PageHead } from '../seo/head-tags.ts';
import {
  genericHead,
  homeHead,
  notFoundHead,
  organizationHead,
  organizationNotFoundHead,
} from '../seo/page-heads.ts';
import { loadIndexTemplate } from './index-template.ts';
import { organizationPath, spaRouteTitle } from './spa-routes.ts';

export interface WebOptions {
  distDir: string;
  /** Where uploaded images are served from: files on disk, or a bucket. */
  storage: Storage;
  publicUrl: string;
  organizations: OrganizationService;
  reference: ReferenceService;
}

/** Serves the built React app, uploaded images, and every page's HTML with its head tags. */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, options) => {
  const template = await loadIndexTemplate(options.distDir);
  if (!template.built)
    app.log.warn({ distDir: options.distDir }, 'web app not built: serving API and bare pages');

  await serveUploads(app, options.storage);
  if (template.built) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.distDir),
      prefix: '/',
      index: false,
      wildcard: false,
      // The raw template is never served: /index.html is home, rendered like every page.
      globIgnore: ['index.html'],
      decorateReply: false,
      // The build writes .br and .gz beside each text asset: sent as they are to a browser that
      // accepts them, never compressed again per request.
      preCompressed: true,
      // Hashed build assets never change; index.html is rendered per request below.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  async function headFor(pathname: string): Promise<{ head: PageHead; status: number }> {
    const { publicUrl } = options;
    if (pathname === '/') return { head: homeHead(publicUrl), status: 200 };
    const organizationMatch = organizationPath.exec(pathname);
    if (organizationMatch) {
      const id = decodeURIComponent(organizationMatch[1]!);
      try {
        const organization = await options.organizations.getPublished(id);
        const country = (await options.reference.snapshot()).countryByCode.get(
          organization.country,
        );
        return { head: organizationHead(publicUrl, organization, country?.name), status: 200 };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          return { head: organizationNotFoundHead(publicUrl, id), status: 404 };
        }
        throw error;
      }
    }
    const title = spaRouteTitle(pathname);
    if (title)
      return { head: genericHead(publicUrl, pathname, `${title}${titleSuffix}`), status: 200 };
    return { head: notFoundHead(publicUrl, pathname), status: 404 };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const { head, status } = await headFor(pathname);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.render(renderHeadTags(head)));
  }

  app.get('/', sendPage);
  app.get('/index.html', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/' : `/${request.url.slice(query)}`, 301);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply
        .code(404)
        .send({ error: { code: errorCodes.notFound, message: apiMessages.routeNotFound } });
    }
    if (path.extname(pathname) && !organizationPath.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`Not found - ${siteName}`);
    }
    return sendPage(request, reply);
  });
};
