import type { FastifyReply } from 'fastify';
import { OrganizationId } from '@si/contracts';
import { ERROR_CACHE, REVALIDATE_CACHE } from '../http/cache-control.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import { renderHeadTags, type PageHead } from './head-tags.ts';
import { notFoundHead, organizationNotFoundHead } from './page-heads.ts';
import type { PageRendering, Rendered } from './page-rendering.ts';
import { organizationUrl } from './spa-routes.ts';

/**
 * Ids written into a missing profile's page as they are: characters no HTML, attribute or JSON
 * context escapes. Any other id is rendered for its own page.
 */
const PLAIN_ID = /^[\w-]{1,100}$/;
/** Stands in for the id in the one rendering of the missing-profile page (no such row exists). */
const MISSING_ID_STAND_IN = '00000000-0000-4000-8000-000000000000';
const MISSING_PLAIN_STAND_IN = 'missing-organization-stand-in';
/** A path no page answers, rendered once for the 404 page of every such path. */
const NOT_FOUND_PATH = '/.not-found';

export interface UnkeptPagesOptions {
  publicUrl: string;
  reference: ReferenceService;
  rendering: PageRendering;
}

/** The server-rendered pages that are not kept: redirects, incomplete renders and 404 pages. */
export function createUnkeptPages({ publicUrl, reference, rendering }: UnkeptPagesOptions) {
  const { render, html } = rendering;

  /** A page that is not kept: a redirect, or one rendered without some of its data. */
  function sendUnkept(reply: FastifyReply, rendered: Rendered, status: number) {
    if (rendered.kind === 'redirect') {
      return reply
        .code(rendered.status)
        .header('cache-control', 'no-cache')
        .redirect(rendered.location);
    }
    // Rendered without some of its data (a failing or slow API): nobody keeps this copy.
    return reply
      .code(status)
      .header('cache-control', rendered.complete ? REVALIDATE_CACHE : ERROR_CACHE)
      .send(html(rendered));
  }

  /**
   * The pages whose content does not depend on the URL beyond a plain id: rendered once (per
   * reference data and build), each request writing its own head and id in. A missing
   * profile's id, or a path nothing answers, costs no render.
   */
  const skeletons = new Map<string, Promise<Rendered | null>>();
  async function skeleton(name: string, url: string, head: PageHead): Promise<Rendered | null> {
    const key = `${name} ${(await reference.snapshot()).version}`;
    let made = skeletons.get(key);
    if (!made) {
      made = render(url, head);
      skeletons.clear();
      skeletons.set(key, made);
      // A failed or incomplete render is tried again by the next request.
      made.then(
        (rendered) => {
          if (rendered?.kind !== 'page' || !rendered.complete) skeletons.delete(key);
        },
        () => skeletons.delete(key),
      );
    }
    return made;
  }

  async function sendMissingProfile(reply: FastifyReply, id: string) {
    const head = organizationNotFoundHead(publicUrl, id);
    if (!PLAIN_ID.test(id))
      return sendUnkept(reply, (await render(organizationUrl(id), head))!, 404);
    const standIn = OrganizationId.safeParse(id).success
      ? MISSING_ID_STAND_IN
      : MISSING_PLAIN_STAND_IN;
    const rendered = await skeleton(standIn, organizationUrl(standIn), head);
    if (rendered?.kind !== 'page') return sendUnkept(reply, rendered!, 404);
    return sendUnkept(
      reply,
      {
        ...rendered,
        headTags: renderHeadTags(head),
        body: rendered.body.replaceAll(standIn, id),
        state: rendered.state.replaceAll(standIn, id),
      },
      404,
    );
  }

  async function sendNotFound(reply: FastifyReply, pathname: string) {
    const head = notFoundHead(publicUrl, pathname);
    const rendered = await skeleton('not-found', NOT_FOUND_PATH, head);
    if (rendered?.kind !== 'page') return sendUnkept(reply, rendered!, 404);
    return sendUnkept(reply, { ...rendered, headTags: renderHeadTags(head) }, 404);
  }

  return { sendUnkept, sendMissingProfile, sendNotFound };
}

export type UnkeptPages = ReturnType<typeof createUnkeptPages>;
