import type { organizationMilestones } from '../../schema.ts';

/** A dated milestone of a demo organization (ADR 042): something that happened. */
export interface DemoMilestone {
  year: number;
  month?: number;
  title: string;
  text?: string;
}

/**
 * Demo milestones by organization name, oldest first. Every detail is made up, and every date is
 * past (MilestoneInput refuses a future one).
 */
export const demoMilestones: Record<string, DemoMilestone[]> = {
  'Mvua Water Works': [
    {
      year: 2014,
      month: 2,
      title: 'First tank at Nyalenda Primary School',
      text: 'Built by two technicians and twenty pupils in a week, and still working.',
    },
    {
      year: 2018,
      title: '50 schools with water all year',
      text: 'Service fees covered the cost of maintenance for the first time.',
    },
    {
      year: 2021,
      month: 9,
      title: 'First franchise branch opens in Siaya',
      text: 'Run by a former technician, with our tank design and service model packaged as a kit.',
    },
    { year: 2025, month: 5, title: '180 schools and twelve franchise branches' },
  ],
  'Saathi Health Network': [
    { year: 2011, title: 'Founded with 40 health workers in Pune district' },
    {
      year: 2015,
      month: 7,
      title: 'Tablets and diagnostic kits for every health worker',
      text: 'Screening for anaemia and high-risk pregnancies moved from paper registers to the tablet, with a direct line to a doctor.',
    },
    {
      year: 2020,
      title: 'Adopted by the state health department',
      text: 'Our screening protocol became part of the state primary care guidelines in two states.',
    },
    { year: 2024, month: 3, title: 'One million people reached across four states' },
  ],
  'Ikhaya Reading Circles': [
    { year: 2006, title: 'First reading circle in a Gqeberha church hall' },
    {
      year: 2012,
      title: 'Books in isiXhosa for every circle',
      text: 'A publishing partnership gave us 40 titles written by local authors.',
    },
    {
      year: 2019,
      month: 10,
      title: '100 schools and 1,500 volunteer readers',
    },
  ],
  "Nkwanta Cocoa Growers' Co-operative": [
    { year: 1952, title: 'Founded by 23 farming families' },
    {
      year: 1989,
      title: 'Our own buying station and warehouse',
      text: 'Members stopped selling through middlemen and kept the margin in the villages.',
    },
    {
      year: 2008,
      month: 4,
      title: 'Fairtrade certification',
      text: 'The premium pays for boreholes, school fees and the co-operative clinic.',
    },
    { year: 2016, title: 'Every payment to members published on the noticeboard' },
    {
      year: 2023,
      month: 11,
      title: 'First direct export to a chocolate maker',
    },
  ],
  'Kaffa Highlands Restoration': [
    { year: 2012, title: 'First nursery with 10,000 native seedlings' },
    {
      year: 2017,
      month: 6,
      title: '1,000 hectares of forest restored',
      text: 'Wild coffee and native trees planted with 14 villages, who manage the land.',
    },
  ],
  'Kōwhai Youth Wellbeing Trust': [
    { year: 2015, title: 'Founded by four young people with lived experience' },
    {
      year: 2019,
      month: 8,
      title: 'Peer support text line launched',
      text: 'Answered by trained peer supporters aged 18 to 25, every evening of the year.',
    },
    { year: 2022, title: 'Peer support model adopted by three district health boards' },
  ],
  'Delta Field School Network': [
    { year: 2007, title: 'First farmer field school in Cần Thơ' },
    {
      year: 2013,
      title: 'Salt-tolerant rice trials with 600 farmers',
      text: 'Farmers compared varieties on their own plots and chose the ones the network now spreads.',
    },
    {
      year: 2018,
      month: 3,
      title: 'Field school method adopted by the provincial extension service',
    },
    { year: 2024, title: '1,200 field schools across the Mekong Delta' },
  ],
  'Char Resilience Trust': [
    { year: 2003, title: 'Founded after the floods of the year before' },
    {
      year: 2010,
      title: 'First raised homesteads',
      text: 'Plinths above the flood line for 300 families, built by the families themselves.',
    },
    {
      year: 2017,
      month: 8,
      title: 'No lives lost in the worst flood in 40 years',
      text: 'Early warnings by phone and women-led evacuation committees reached every char village we work in.',
    },
    { year: 2021, title: 'Flood shelters managed by women’s committees in 80 villages' },
    { year: 2025, month: 2, title: 'Safe water points on every char we serve' },
  ],
  'Teranga Recyclers Union': [
    { year: 2014, title: 'Waste pickers of Mbeubeuss found their union' },
    {
      year: 2019,
      month: 5,
      title: 'First contract with the city of Dakar',
      text: 'Union members are now paid to collect and sort recyclables in four districts.',
    },
  ],
  'Kijiji Pay': [
    { year: 2016, title: 'Launched with 300 boda boda riders in Thika' },
    {
      year: 2019,
      month: 1,
      title: 'Savings-backed loans',
      text: 'Customers can borrow up to twice what they have saved, with no paperwork.',
    },
    { year: 2022, title: '200,000 customers in Kenya' },
    { year: 2024, month: 10, title: 'Half a million daily savers' },
  ],
  'Várzea Viva Agroflorestas': [
    { year: 2009, title: 'First agroforest plots on Ilha do Combu' },
    {
      year: 2014,
      month: 11,
      title: 'Açaí sold under the villages’ own label',
      text: 'Families now sell directly to shops in Belém and keep the price difference.',
    },
    { year: 2020, title: '2,000 hectares of pasture turned back into forest' },
  ],
  'Harbor Lane Legal Aid': [
    { year: 1968, title: 'Founded by three volunteer lawyers' },
    {
      year: 1994,
      title: 'Community advocate programme begins',
      text: 'Trained neighbours started standing beside tenants in rent court.',
    },
    {
      year: 2021,
      month: 10,
      title: 'Right to counsel for tenants in Baltimore',
      text: 'After years of our policy work, every tenant facing eviction has the right to a free lawyer.',
    },
    { year: 2024, title: '10,000 families kept in their homes' },
  ],
  'Tierra Fértil Milpa Cooperative': [
    { year: 1994, title: 'Founded by Zapotec and Mixtec farming families' },
    {
      year: 2005,
      title: 'Community seed bank opens',
      text: 'It now keeps 58 local varieties of maize, beans and squash.',
    },
    { year: 2018, month: 3, title: 'Tortilla workshop in Oaxaca de Juárez' },
  ],
  'Red Vecinal de Ahorro': [
    { year: 2013, title: 'The first savings group meets in Barrio Ludueña' },
    {
      year: 2016,
      month: 9,
      title: '100 savings groups',
      text: 'Almost all of them led by women, meeting every week.',
    },
    { year: 2022, title: 'Partnership with a cooperative bank for group loans' },
  ],
  'Second Spring Kitchen': [
    { year: 2016, month: 4, title: 'Café opens in Easton with three trainees' },
    {
      year: 2019,
      title: 'Catering kitchen opens',
      text: 'Catering now pays for a third of the training places.',
    },
    { year: 2021, month: 6, title: 'Certified B Corporation' },
    {
      year: 2025,
      month: 1,
      title: '100 trainees qualified',
      text: 'Four in five were in work a year after finishing.',
    },
  ],
  'Fællesgården Co-housing': [
    { year: 1979, title: 'Twenty families build the common house together' },
    { year: 2002, title: 'Second courtyard with homes for older members' },
    {
      year: 2019,
      month: 5,
      title: 'The model is shared with six new co-housing groups',
      text: 'Our statutes and building guide are free to use, and members mentor new groups.',
    },
  ],
  'Sol de Barri Energia': [
    { year: 2015, title: 'First panels on the roof of Mercat de Russafa' },
    {
      year: 2019,
      month: 7,
      title: '1,000 members',
      text: 'Each member has one vote, however many panels they own.',
    },
    { year: 2023, title: 'Forty school and market roofs' },
  ],
  'Red River Food Share': [
    { year: 1986, title: 'Started in a church basement in Winnipeg' },
    { year: 1999, month: 11, title: 'First refrigerated truck' },
    {
      year: 2015,
      title: 'Cooking programme launched',
      text: 'Weekly classes help families stretch a tight budget further.',
    },
    { year: 2023, title: '140 community pantries across the prairies' },
  ],
  'Cairde Community Transport': [
    { year: 1997, title: 'Two minibuses and a list of volunteer drivers' },
    {
      year: 2010,
      title: 'Volunteer driver handbook published',
      text: 'Nine community transport groups in other counties now use it.',
    },
    { year: 2024, month: 4, title: 'Online booking for riders and their families' },
  ],
  'Aguas del Valle Comunitarias': [
    { year: 2001, title: 'Founded after the water protests in Cochabamba' },
    {
      year: 2009,
      title: 'First community water committee takes over a well',
      text: 'Neighbours set their own tariff and keep the accounts in public.',
    },
    { year: 2015, month: 3, title: '30 community water systems' },
    { year: 2022, title: 'Training school for water committee treasurers' },
  ],
  'Bienenwiese Institute': [
    { year: 1921, title: 'Founded as a beekeepers’ research station' },
    {
      year: 1978,
      title: 'The long-term meadow survey begins',
      text: 'Counted every summer since, now one of the longest pollinator records in Europe.',
    },
    { year: 2012, title: 'Our data informs the federal pollinator strategy' },
    { year: 2021, month: 5, title: 'A hundred years of the institute' },
  ],
  'Lumen Mentors': [
    { year: 2020, month: 4, title: 'The first 50 mentor pairs meet online' },
    {
      year: 2023,
      title: 'Mentors in 40 countries',
      text: 'Nine in ten students with a mentor finished their first year at university.',
    },
  ],
};

type MilestoneRow = typeof organizationMilestones.$inferInsert;

/** The rows of one demo organization's milestones; none when it has none. */
export function demoMilestoneRows(
  organizationName: string,
  organizationId: string,
): MilestoneRow[] {
  return (demoMilestones[organizationName] ?? []).map((milestone) => ({
    organizationId,
    year: milestone.year,
    month: milestone.month ?? null,
    title: milestone.title,
    text: milestone.text ?? '',
  }));
}
