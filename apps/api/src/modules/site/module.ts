import type { SiteInfo } from '@si/contracts';
import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import { siteRoutes } from './routes.ts';

/**
 * The settings every page shows (its footer's contacts, the parent brands): GET /api/site, and
 * part of what a stored page was rendered from (ADR 030).
 */
export function siteModule({ config }: ModuleContext) {
  const settings: SiteInfo = {
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    supportAddress: config.SUPPORT_ADDRESS,
    supportTimeZone: config.SUPPORT_TIME_ZONE,
    dataDeletionSubject: config.DATA_DELETION_SUBJECT,
    parentBrands: config.parentBrands,
  };
  return { settings, routes: routesOf(siteRoutes, { site: settings }) };
}
