import type { DemoOrganization } from './organizations.ts';

const asksForDonations = ['nonprofit', 'grassroots'];
const worksWithVolunteers = ['direct_service', 'community_led', 'grassroots', 'movement_building'];

/**
 * Ways to support a demo organization (ADR 042): nonprofits and grassroots groups ask for
 * donations, those that work with volunteers ask for volunteers. Only some of them do, picked
 * by position as the rest of the demo is, so profiles without the links show up too.
 */
export function demoSupportLinks(
  demo: DemoOrganization,
  index: number,
): { donateUrl: string | null; volunteerUrl: string | null } {
  const has = (ids: string[]) => ids.some((id) => demo.categoryIds.includes(id));
  const site = demo.websiteUrl;
  return {
    donateUrl: site && has(asksForDonations) && index % 2 === 0 ? `${site}/donate` : null,
    volunteerUrl: site && has(worksWithVolunteers) && index % 3 !== 2 ? `${site}/volunteer` : null,
  };
}
