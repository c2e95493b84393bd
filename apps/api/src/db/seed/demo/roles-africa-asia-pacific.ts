import type { DemoRole } from './roles.ts';

/** Open roles of demo organizations in Africa, Asia and the Pacific. Every detail is made up. */
export const rolesInAfricaAsiaPacific: Record<string, DemoRole[]> = {
  'Mvua Water Works': [
    {
      title: 'Field Technician, Rainwater Systems',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Kisumu',
      pay: { min: 45_000, max: 65_000, currency: 'KES', period: 'month' },
      about:
        'Our technicians are the reason a school tank still works five years after it was built. We are looking for a hands-on technician to join the team that installs and services systems in Kisumu, Siaya and Homa Bay counties.',
      tasks:
        'You will install gutters, tanks and filters with a crew of three, train school caretakers to look after them, and answer service calls within 48 hours. A plumbing or masonry certificate and a motorcycle licence are needed; Dholuo and Swahili are a strong plus.',
      apply: 'email',
      postedDaysAgo: 3,
      openDays: 45,
    },
    {
      title: 'Franchise Development Manager',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Kisumu',
      about:
        'Twelve local entrepreneurs run Mvua branches in their own counties, and we want twenty more by the end of next year. This manager will find, train and support them.',
      tasks:
        'You will visit candidate franchisees, help them build a business plan, run the two-week starter course and follow their first year month by month. You have built or run a small business yourself and you are at ease with a spreadsheet and a muddy road.',
      apply: 'link',
      postedDaysAgo: 12,
      openDays: 60,
    },
    {
      title: 'Water Quality Intern',
      kind: 'internship',
      workplace: 'on_site',
      city: 'Kisumu',
      pay: { min: 15_000, max: 15_000, currency: 'KES', period: 'month' },
      about:
        'A six-month internship for a recent graduate in environmental science, chemistry or public health, in our small lab behind the Kisumu workshop.',
      tasks:
        'You will test water samples from the schools we serve, keep the results up to date on our dashboard and help the field team trace problems back to a leaking gutter or a tired filter.',
      apply: 'email',
      postedDaysAgo: 38,
      openDays: -4,
    },
  ],
  'Saathi Health Network': [
    {
      title: 'Programme Manager, Maternal Health',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Pune',
      pay: { min: 90_000, max: 130_000, currency: 'INR', period: 'month' },
      about:
        'Our health workers screen thousands of pregnant women every month. The programme manager makes sure high-risk pregnancies found in the village reach a doctor in time.',
      tasks:
        'You will lead a team of six district coordinators, work with state health officials on referrals, and turn the data from our tablets into decisions. At least five years in public health programmes and fluent Marathi and Hindi are needed.',
      apply: 'link',
      postedDaysAgo: 6,
      openDays: 50,
    },
    {
      title: 'Android Developer',
      kind: 'full_time',
      workplace: 'remote',
      remoteCountries: ['IN'],
      pay: { min: 1_800_000, max: 2_600_000, currency: 'INR', period: 'year' },
      about:
        'The Saathi app runs on 9,000 low-cost tablets, often offline for days. We need a developer who enjoys making software fast, small and forgiving.',
      tasks:
        'You will build features with our health workers and doctors, improve offline sync and keep the app working on old Android versions. Kotlin experience is needed; experience with health data or low-bandwidth apps is a plus.',
      apply: 'link',
      postedDaysAgo: 19,
      openDays: 75,
    },
    {
      title: 'Community Health Fellow',
      kind: 'fellowship',
      workplace: 'on_site',
      city: 'Nashik',
      about:
        'A twelve-month fellowship for young doctors, nurses and public health graduates who want to learn how primary care works at the edge of the system.',
      tasks:
        'You will spend your first three months in the field with our health workers, then lead a small research question of your own with a mentor from our medical team. Fellows receive a monthly stipend, housing and travel.',
      apply: 'email',
      postedDaysAgo: 27,
      openDays: 90,
    },
  ],
  'Oko Solar Collective': [
    {
      title: 'Market Sales Agent',
      kind: 'part_time',
      workplace: 'on_site',
      city: 'Ibadan',
      pay: { min: 120_000, max: 180_000, currency: 'NGN', period: 'month' },
      about:
        'Our agents are traders themselves: they sign up their neighbours in the market and help them with their first payments.',
      tasks:
        'Three afternoons a week at Bodija or Oje market, showing the lamps, registering new customers on our app and following up on missed payments. Yoruba is needed; a smartphone is provided.',
      apply: 'email',
      postedDaysAgo: 2,
      openDays: 30,
    },
    {
      title: 'Payments Engineer',
      kind: 'contract',
      workplace: 'remote',
      remoteCountries: ['NG', 'GH', 'KE'],
      pay: { min: 35, max: 55, currency: 'USD', period: 'hour' },
      about:
        'A six-month contract to rebuild how we take mobile money payments, as we move from one provider to three.',
      tasks:
        'You will design the reconciliation service, write it in TypeScript, and hand it over with tests and documentation our small team can live with. Experience with mobile money APIs is needed.',
      apply: 'link',
      postedDaysAgo: 15,
      openDays: 40,
    },
  ],
  'Imbuto Data Lab': [
    {
      title: 'Data Scientist, Crop Forecasting',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Kigali',
      about:
        'Our harvest forecasts now guide support in four districts. We are looking for a data scientist to take the models from maize and beans to more crops.',
      tasks:
        'You will work with satellite imagery and farmer surveys, test new features against last seasons, and explain the results to ministry staff who are not statisticians. Python and some remote sensing are needed.',
      apply: 'link',
      postedDaysAgo: 9,
      openDays: 55,
    },
    {
      title: 'Field Survey Intern',
      kind: 'internship',
      workplace: 'on_site',
      city: 'Musanze',
      pay: { min: 150_000, max: 150_000, currency: 'RWF', period: 'month' },
      about:
        'A three-month internship for a student of agriculture or statistics during the coming growing season.',
      tasks:
        'You will visit farms with our survey team, check the data collected on tablets and help us find where the forecasts and the fields disagree. Kinyarwanda and English are needed.',
      apply: 'email',
      postedDaysAgo: 22,
      openDays: 35,
    },
  ],
  'Mwanga Girls Code': [
    {
      title: 'Coding Club Mentor',
      kind: 'volunteer',
      workplace: 'on_site',
      city: 'Arusha',
      about:
        'Our clubs meet twice a week after school. Mentors help the girls turn an idea for their street into a working app.',
      tasks:
        'You will join one club for at least a school term, help with debugging and give feedback before the pitch day. Any web or mobile experience is welcome; patience matters more than seniority.',
      apply: 'email',
      postedDaysAgo: 5,
      openDays: 100,
    },
    {
      title: 'Programme Coordinator',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Arusha',
      pay: { min: 1_800_000, max: 2_400_000, currency: 'TZS', period: 'month' },
      about:
        'We are opening clubs in Moshi and Dodoma next year and need a coordinator to keep all of them running well.',
      tasks:
        'You will plan the club calendar, train new instructors, and keep in touch with schools and parents. Experience in youth programmes and fluent Swahili and English are needed.',
      apply: 'link',
      postedDaysAgo: 30,
      openDays: 45,
      closedDaysAgo: 4,
    },
  ],
  'Karang Tumbuh Reef Project': [
    {
      title: 'Reef Monitoring Coordinator',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Singaraja',
      pay: { min: 7_500_000, max: 10_000_000, currency: 'IDR', period: 'month' },
      about:
        'Each month our divers survey the frames and the reef around them. The coordinator makes sure the data is consistent and ends up in front of the people who decide.',
      tasks:
        'You will plan survey dives, train new divers in our method, clean and analyse the data and write the quarterly report for the village councils. A rescue diver certificate and Bahasa Indonesia are needed.',
      apply: 'email',
      postedDaysAgo: 11,
      openDays: 60,
    },
    {
      title: 'Volunteer Dive Assistant',
      kind: 'volunteer',
      workplace: 'on_site',
      city: 'Singaraja',
      about: 'For certified divers who can give us at least four weeks between March and November.',
      tasks:
        'You will help attach coral fragments to the frames, clean the nursery and record growth. We provide the tanks and the weights, and a place to stay with a family in the village.',
      apply: 'link',
      postedDaysAgo: 33,
      openDays: 110,
    },
  ],
  'Roshni Learning Lab': [
    {
      title: 'Curriculum Researcher',
      kind: 'contract',
      workplace: 'hybrid',
      city: 'Lahore',
      pay: { min: 180_000, max: 240_000, currency: 'PKR', period: 'month' },
      about:
        'A nine-month contract to study which of our mathematics lesson plans work best for early grades, and why.',
      tasks:
        'You will design the classroom observations, analyse the term test results with our data team and write up what teachers should change. A background in education research and Urdu are needed.',
      apply: 'link',
      postedDaysAgo: 14,
      openDays: 40,
    },
  ],
  'Kijiji Pay': [
    {
      title: 'Senior Backend Engineer',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Nairobi',
      pay: { min: 400_000, max: 550_000, currency: 'KES', period: 'month' },
      about:
        'Half a million riders and vendors save with Kijiji Pay every day. Our backend moves their money, so it has to be boring in the best way.',
      tasks:
        'You will own services for savings and loans, improve how we handle M-Pesa callbacks and mentor two junior engineers. Go or Java, PostgreSQL and experience with payments are needed.',
      apply: 'link',
      postedDaysAgo: 1,
      openDays: 60,
    },
    {
      title: 'Field Agent, Boda Boda Savings',
      kind: 'part_time',
      workplace: 'on_site',
      city: 'Thika',
      about:
        'Our field agents meet riders at the stages, explain how saving works and help them open an account in five minutes.',
      tasks:
        'Mornings, Monday to Saturday. You ride or know riders, speak Swahili and Kikuyu, and can explain a loan without jargon. Commission on every active account.',
      apply: 'email',
      postedDaysAgo: 8,
      openDays: 25,
    },
    {
      title: 'Product Designer',
      kind: 'full_time',
      workplace: 'remote',
      remoteCountries: ['KE', 'UG', 'TZ', 'RW'],
      about:
        'Most of our customers use a basic phone, some a smartphone, all of them with little time. We need a designer who can design for both.',
      tasks:
        'You will run research with customers at the stages and in the markets, design USSD and app flows, and test them before they ship. A portfolio with work for low-literacy or low-bandwidth users is a strong plus.',
      apply: 'link',
      postedDaysAgo: 15,
      openDays: 50,
    },
    {
      title: 'Credit Risk Fellow',
      kind: 'fellowship',
      workplace: 'hybrid',
      city: 'Nairobi',
      pay: { min: 150_000, max: 150_000, currency: 'KES', period: 'month' },
      about:
        'A one-year fellowship for an economist or statistician who wants to make lending fairer for people without credit records.',
      tasks:
        'You will study repayment data, test new scoring rules with our risk team and publish what you find. The fellowship ends with a public report.',
      apply: 'email',
      postedDaysAgo: 18,
      openDays: 70,
    },
  ],
  'Saltbush Ranger Alliance': [
    {
      title: 'Ranger Coordinator',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Alice Springs',
      pay: { min: 88_000, max: 98_000, currency: 'AUD', period: 'year' },
      about:
        'The coordinator supports five ranger groups with planning, training and reporting, so rangers can spend their time on country.',
      tasks:
        'You will help plan the burning season with the groups and elders, organise training and write reports for funders. A four-wheel-drive licence and experience working with Aboriginal communities are needed.',
      apply: 'email',
      postedDaysAgo: 16,
      openDays: 45,
    },
    {
      title: 'Grants Writer',
      kind: 'part_time',
      workplace: 'remote',
      remoteCountries: ['AU'],
      pay: { min: 55, max: 70, currency: 'AUD', period: 'hour' },
      about:
        'Two days a week, helping the alliance find and win the funding that keeps rangers employed all year.',
      tasks:
        'You will research funders, write applications with the ranger groups and keep our reporting calendar. Experience with environmental or Indigenous-led grants is a strong plus.',
      apply: 'link',
      postedDaysAgo: 25,
      openDays: 80,
    },
  ],
};
